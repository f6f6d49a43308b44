# wythoff - build with `make`; tests with `make check` (see README.md).
#
# Three libraries, each a static and a shared one (build/):
#   libwythoff        the core: rules, moves, the table, layer and exact
#                     engines, row strips, comparison (GMP, pthreads)
#   libwythoff-check  the papers' claims checked by computation (above the core)
#   libwythoff-plot   pictures, PNG through libpng and SVG (above the core)
# and the tool build/wythoff, linked with the three static libraries.
#
# Your CFLAGS, CPPFLAGS and LDFLAGS are added after the project's own, never
# instead of them: `make CFLAGS=-O3` still builds C11 with the warnings and
# threads.  `make SAN=1` builds everything with AddressSanitizer + UBSan
# into build-san/, `make SAN=thread tsan` the tool with ThreadSanitizer into
# build-tsan/ (the server tests run it).  `make WERROR=1` turns warnings
# into errors (CI, tests).
CC      ?= cc
AR      ?= ar

VERSION := $(shell sed -n 's/^\#define WY_VERSION "\(.*\)"/\1/p' include/wythoff.h)
MAJOR   := $(firstword $(subst ., ,$(VERSION)))

WY_WARN := -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes
ifeq ($(WERROR),1)
WY_WARN += -Werror
endif
ifeq ($(SAN),1)
BUILD   ?= build-san
WY_OPT  ?= -O1 -g -fno-omit-frame-pointer
WY_SANF := -fsanitize=address,undefined -fno-sanitize-recover=all
else ifeq ($(SAN),thread)
BUILD   ?= build-tsan
WY_OPT  ?= -O1 -g -fno-omit-frame-pointer
WY_SANF := -fsanitize=thread
else
BUILD   ?= build
WY_OPT  ?= -O2 -g
WY_SANF :=
endif
# -ffile-prefix-map: no path of the checkout in the objects (debug info,
# __FILE__), so two checkouts build the same bytes.
WY_CPPFLAGS := -Iinclude -D_POSIX_C_SOURCE=200809L
WY_CFLAGS   := -std=c11 $(WY_WARN) $(WY_OPT) $(WY_SANF) -pthread -fvisibility=hidden \
               -ffile-prefix-map=$(CURDIR)=.
WY_LDFLAGS  := $(WY_SANF) -pthread

COMPILE = $(CC) $(WY_CPPFLAGS) $(CPPFLAGS) $(WY_CFLAGS) $(CFLAGS)
LINK    = $(CC) $(WY_LDFLAGS) $(LDFLAGS)

LIBS_CORE  := -lgmp
LIBS_PLOT  := -lpng -lz
LIBS_TOOL  := $(LIBS_PLOT) $(LIBS_CORE)
LIBS_SERVE := -lmicrohttpd

CORE_SRC  := $(sort $(wildcard src/core/*.c))
CHECK_SRC := $(sort $(wildcard src/check/*.c))
PLOT_SRC  := $(sort $(wildcard src/plot/*.c))
APP_SRC   := $(sort $(wildcard app/*.c))
NAIVE_SRC := $(sort $(filter-out tests/naive/main.c,$(wildcard tests/naive/*.c)))
UNIT_SRC  := $(sort $(wildcard tests/unit/t-*.c))
FUZZ_SRC  := $(sort $(wildcard tests/fuzz/fuzz-*.c))

obj = $(1:%.c=$(BUILD)/%.o)
pic = $(1:%.c=$(BUILD)/pic/%.o)

CORE_A  := $(BUILD)/libwythoff.a
CHECK_A := $(BUILD)/libwythoff-check.a
PLOT_A  := $(BUILD)/libwythoff-plot.a
SO_CORE  := $(BUILD)/libwythoff.so
SO_CHECK := $(BUILD)/libwythoff-check.so
SO_PLOT  := $(BUILD)/libwythoff-plot.so
SHARED  := $(SO_CORE) $(SO_CHECK) $(SO_PLOT)
STATIC  := $(CORE_A) $(CHECK_A) $(PLOT_A)
UNIT_BIN := $(UNIT_SRC:tests/unit/%.c=$(BUILD)/tests/%)
FUZZ_BIN := $(FUZZ_SRC:tests/fuzz/%.c=$(BUILD)/tests/replay-%)

HEADERS := $(wildcard include/*.h src/*/*.h app/*.h tests/naive/*.h tests/fuzz/*.h)

# Test programs with build rules of their own add themselves to EXTRA_ALL
# in a fragment tests/*/*.mk (fault injection, fuzzing).
EXTRA_ALL :=
-include $(sort $(wildcard tests/*/*.mk))
# The Python module (python/python.mk: `make python`).
-include $(sort $(wildcard python/*.mk))

.PHONY: all lib check bench clean fuzz install uninstall tsan mpi
all: $(BUILD)/wythoff $(STATIC) $(SHARED) $(BUILD)/wythoff-naive $(UNIT_BIN) $(FUZZ_BIN) $(BUILD)/bench-baseline \
     $(BUILD)/wythoff-certcheck $(EXTRA_ALL)
lib: $(STATIC) $(SHARED)
# The tool alone (make SAN=thread tsan: for the ThreadSanitizer run of the
# server tests).
tsan: $(BUILD)/wythoff

$(BUILD)/%.o: %.c $(HEADERS)
	@mkdir -p $(dir $@)
	$(COMPILE) -c $< -o $@

$(BUILD)/pic/%.o: %.c $(HEADERS)
	@mkdir -p $(dir $@)
	$(COMPILE) -fPIC -c $< -o $@

# ar D: no timestamps, owners or modes in the archive.
$(CORE_A): $(call obj,$(CORE_SRC))
	rm -f $@ && $(AR) rcsD $@ $^
$(CHECK_A): $(call obj,$(CHECK_SRC))
	rm -f $@ && $(AR) rcsD $@ $^
$(PLOT_A): $(call obj,$(PLOT_SRC))
	rm -f $@ && $(AR) rcsD $@ $^

# Shared libraries: libX.so.VERSION with SONAME libX.so.MAJOR, and the links
# libX.so.MAJOR and libX.so.  The layers link the core.
$(SO_CORE): $(call pic,$(CORE_SRC))
	$(LINK) -shared -Wl,--no-undefined -Wl,-soname,libwythoff.so.$(MAJOR) -o $@.$(VERSION) $^ $(LIBS_CORE) $(LDLIBS)
	ln -sf libwythoff.so.$(VERSION) $@.$(MAJOR) && ln -sf libwythoff.so.$(VERSION) $@
$(SO_CHECK): $(call pic,$(CHECK_SRC)) $(SO_CORE)
	$(LINK) -shared -Wl,--no-undefined -Wl,-soname,libwythoff-check.so.$(MAJOR) -o $@.$(VERSION) $(call pic,$(CHECK_SRC)) \
	    -L$(BUILD) -lwythoff $(LIBS_CORE) $(LDLIBS)
	ln -sf libwythoff-check.so.$(VERSION) $@.$(MAJOR) && ln -sf libwythoff-check.so.$(VERSION) $@
$(SO_PLOT): $(call pic,$(PLOT_SRC)) $(SO_CORE)
	$(LINK) -shared -Wl,--no-undefined -Wl,-soname,libwythoff-plot.so.$(MAJOR) -o $@.$(VERSION) $(call pic,$(PLOT_SRC)) \
	    -L$(BUILD) -lwythoff $(LIBS_PLOT) $(LIBS_CORE) $(LDLIBS)
	ln -sf libwythoff-plot.so.$(VERSION) $@.$(MAJOR) && ln -sf libwythoff-plot.so.$(VERSION) $@

# The explorer's files, compiled into the tool (a fixed list: `wythoff serve`
# answers these paths and no others outside /api/).
WEB_FILES := web/index.html web/app.js web/style.css
$(BUILD)/gen/web_assets.c: $(WEB_FILES) scripts/embed-web
	@mkdir -p $(dir $@)
	scripts/embed-web $(WEB_FILES) > $@.tmp && mv $@.tmp $@
$(BUILD)/gen/web_assets.o: $(BUILD)/gen/web_assets.c app/web_assets.h
	$(COMPILE) -Iapp -c $< -o $@

$(BUILD)/wythoff: $(call obj,$(APP_SRC)) $(BUILD)/gen/web_assets.o $(CHECK_A) $(PLOT_A) $(CORE_A)
	$(LINK) -o $@ $^ $(LIBS_TOOL) $(LIBS_SERVE) $(LDLIBS)

$(BUILD)/wythoff-naive: $(BUILD)/tests/naive/main.o $(call obj,$(NAIVE_SRC)) $(CORE_A)
	$(LINK) -o $@ $^ $(LIBS_CORE) $(LDLIBS)

# The per-line bitset baseline of bench/run (independent of the library).
$(BUILD)/bench-baseline: $(BUILD)/bench/baseline.o
	$(LINK) -o $@ $^

# The independent checker of `period --certificate` files (docs/periods.md):
# the C library only, no header or object of the project.
$(BUILD)/wythoff-certcheck: $(BUILD)/tools/certcheck.o
	$(LINK) -o $@ $^

# Unit tests link everything static (the internal headers' functions are
# hidden in the shared libraries, not in the archives).
$(BUILD)/tests/t-%: $(BUILD)/tests/unit/t-%.o $(call obj,$(NAIVE_SRC)) $(CHECK_A) $(PLOT_A) $(CORE_A)
	@mkdir -p $(dir $@)
	$(LINK) -o $@ $^ $(LIBS_TOOL) $(LDLIBS)

# Fuzz harnesses, replayed over their corpus by a plain driver (no clang):
# tests/fuzz/README.md.  The app objects give the harnesses the tool's readers.
# The same list is libFuzzer's (tests/fuzz/run asks `make fuzz-sources`).
# Not the server (app/serve*.c, libmicrohttpd), except its log.
SERVE_SRC   := $(filter-out app/serve_log.c,$(wildcard app/serve*.c))
APP_LIB_SRC := $(filter-out app/main.c $(SERVE_SRC),$(APP_SRC))
APP_LIB_OBJ := $(call obj,$(APP_LIB_SRC))
$(BUILD)/tests/replay-%: $(BUILD)/tests/fuzz/%.o $(BUILD)/tests/fuzz/replay.o $(APP_LIB_OBJ) $(call obj,$(NAIVE_SRC)) \
                         $(CHECK_A) $(PLOT_A) $(CORE_A)
	@mkdir -p $(dir $@)
	$(LINK) -o $@ $^ $(LIBS_TOOL) $(LDLIBS)
# fuzz-cert compiles the checker's source into itself (its main() renamed)
$(BUILD)/tests/fuzz/fuzz-cert.o: tools/certcheck.c

# make mpi: build/wythoff-mpi, the table engine spread over MPI ranks
# (docs/distributed.md).  Needs an MPI compiler wrapper (Open MPI's mpicc,
# Debian packages openmpi-bin and libopenmpi-dev); the rest of the build
# does not.  The wrapper adds MPI's flags to the project's own.
MPICC ?= mpicc
MPI_OBJ := $(BUILD)/mpi/wythoff-mpi.o
$(MPI_OBJ): mpi/wythoff-mpi.c $(HEADERS)
	@command -v $(MPICC) >/dev/null 2>&1 || { echo "make mpi: $(MPICC) not found (Debian: openmpi-bin and" \
	    "libopenmpi-dev, which scripts/install-deps installs)" >&2; exit 2; }
	@mkdir -p $(dir $@)
	OMPI_CC=$(CC) $(MPICC) $(WY_CPPFLAGS) -Iapp $(CPPFLAGS) $(WY_CFLAGS) $(CFLAGS) -c $< -o $@
$(BUILD)/wythoff-mpi: $(MPI_OBJ) $(APP_LIB_OBJ) $(CHECK_A) $(PLOT_A) $(CORE_A)
	OMPI_CC=$(CC) $(MPICC) $(WY_LDFLAGS) $(LDFLAGS) -o $@ $^ $(LIBS_TOOL) $(LDLIBS)
mpi: $(BUILD)/wythoff-mpi

check:
	./tests/run --both

# ------------------------------------------------------------------------
# make install [PREFIX=/usr/local] [DESTDIR=STAGE]: the tool, the static and
# shared libraries (SONAME libX.so.MAJOR, links libX.so.MAJOR and libX.so),
# the public headers, a pkg-config file per library, the man pages and the
# bash completion.  make uninstall removes exactly those files.  Builds
# only what it installs (not the tests).  The directories follow the GNU
# names, each overridable: make install LIBDIR=/usr/lib/x86_64-linux-gnu.
PREFIX      ?= /usr/local
BINDIR      ?= $(PREFIX)/bin
LIBDIR      ?= $(PREFIX)/lib
INCLUDEDIR  ?= $(PREFIX)/include
DATAROOTDIR ?= $(PREFIX)/share
MANDIR      ?= $(DATAROOTDIR)/man
DOCDIR      ?= $(DATAROOTDIR)/doc/wythoff
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
BASHCOMPDIR ?= $(DATAROOTDIR)/bash-completion/completions
INSTALL     ?= install

PUBLIC_H   := $(sort $(wildcard include/*.h))
MAN1       := $(sort $(wildcard man/*.1))
MAN3       := $(sort $(wildcard man/*.3))
COMPLETION := $(firstword $(wildcard completion/wythoff.bash completion/wythoff))
PC_NAMES   := wythoff wythoff-check wythoff-plot
INST_DOCS  := README.md LICENSE CHANGELOG.md CITATION.cff
# The manual in docs/, kept in its layout under DOCDIR so that README.md's
# links and the tool's citations of docs/*.md lead to the installed files.
INST_MANUAL := $(sort $(wildcard docs/*.md docs/img/* docs/examples/*))

# The pkg-config files (scripts/gen-pc) and the man pages (@VERSION@ filled
# in) are written straight into the destination, with this install's paths
# and the version of include/wythoff.h, the one place it is written; install
# writes nothing into the build directory.
install: $(BUILD)/wythoff $(BUILD)/wythoff-certcheck $(STATIC) $(SHARED)
	$(INSTALL) -d '$(DESTDIR)$(BINDIR)' '$(DESTDIR)$(LIBDIR)' '$(DESTDIR)$(INCLUDEDIR)' \
	    '$(DESTDIR)$(PKGCONFIGDIR)' '$(DESTDIR)$(MANDIR)/man1' '$(DESTDIR)$(MANDIR)/man3' \
	    '$(DESTDIR)$(BASHCOMPDIR)' '$(DESTDIR)$(DOCDIR)'
	$(INSTALL) -m 755 $(BUILD)/wythoff '$(DESTDIR)$(BINDIR)/wythoff'
	$(INSTALL) -m 755 $(BUILD)/wythoff-certcheck '$(DESTDIR)$(BINDIR)/wythoff-certcheck'
	$(if $(wildcard $(BUILD)/wythoff-mpi),$(INSTALL) -m 755 $(BUILD)/wythoff-mpi '$(DESTDIR)$(BINDIR)/wythoff-mpi')
	$(INSTALL) -m 644 $(STATIC) '$(DESTDIR)$(LIBDIR)'
	for l in libwythoff libwythoff-check libwythoff-plot; do \
	    $(INSTALL) -m 755 $(BUILD)/$$l.so.$(VERSION) '$(DESTDIR)$(LIBDIR)' && \
	    ln -sf $$l.so.$(VERSION) '$(DESTDIR)$(LIBDIR)'/$$l.so.$(MAJOR) && \
	    ln -sf $$l.so.$(MAJOR) '$(DESTDIR)$(LIBDIR)'/$$l.so || exit 1; \
	done
	$(INSTALL) -m 644 $(PUBLIC_H) '$(DESTDIR)$(INCLUDEDIR)'
	for n in $(PC_NAMES); do \
	    scripts/gen-pc $$n '$(PREFIX)' '$(LIBDIR)' '$(INCLUDEDIR)' '$(VERSION)' > '$(DESTDIR)$(PKGCONFIGDIR)'/$$n.pc && \
	    chmod 644 '$(DESTDIR)$(PKGCONFIGDIR)'/$$n.pc || exit 1; \
	done
	for m in $(MAN1) $(MAN3); do \
	    s=$${m##*.}; d='$(DESTDIR)$(MANDIR)'/man$$s/$${m##*/}; \
	    sed 's/@VERSION@/$(VERSION)/g' $$m > "$$d" && chmod 644 "$$d" || exit 1; \
	done
	$(if $(COMPLETION),$(INSTALL) -m 644 $(COMPLETION) '$(DESTDIR)$(BASHCOMPDIR)/wythoff')
	$(INSTALL) -m 644 $(wildcard $(INST_DOCS)) '$(DESTDIR)$(DOCDIR)'
	$(INSTALL) -d '$(DESTDIR)$(DOCDIR)/docs/img' '$(DESTDIR)$(DOCDIR)/docs/examples'
	for f in $(INST_MANUAL); do $(INSTALL) -m 644 $$f '$(DESTDIR)$(DOCDIR)'/$$f || exit 1; done

# Removes what install put there (the same list), and the directories of
# this project that are then empty.
uninstall:
	rm -f '$(DESTDIR)$(BINDIR)/wythoff' '$(DESTDIR)$(BINDIR)/wythoff-certcheck' '$(DESTDIR)$(BINDIR)/wythoff-mpi'
	for l in libwythoff libwythoff-check libwythoff-plot; do \
	    rm -f '$(DESTDIR)$(LIBDIR)'/$$l.a '$(DESTDIR)$(LIBDIR)'/$$l.so.$(VERSION) \
	          '$(DESTDIR)$(LIBDIR)'/$$l.so.$(MAJOR) '$(DESTDIR)$(LIBDIR)'/$$l.so; \
	done
	rm -f $(PUBLIC_H:include/%='$(DESTDIR)$(INCLUDEDIR)'/%)
	rm -f $(PC_NAMES:%='$(DESTDIR)$(PKGCONFIGDIR)'/%.pc)
	rm -f $(MAN1:man/%='$(DESTDIR)$(MANDIR)/man1'/%) $(MAN3:man/%='$(DESTDIR)$(MANDIR)/man3'/%)
	rm -f '$(DESTDIR)$(BASHCOMPDIR)/wythoff'
	rm -f $(INST_DOCS:%='$(DESTDIR)$(DOCDIR)'/%) $(INST_MANUAL:%='$(DESTDIR)$(DOCDIR)'/%)
	-rmdir '$(DESTDIR)$(DOCDIR)/docs/img' '$(DESTDIR)$(DOCDIR)/docs/examples' '$(DESTDIR)$(DOCDIR)/docs' \
	    '$(DESTDIR)$(DOCDIR)' 2>/dev/null

bench: all
	./bench/run

clean:
	rm -rf build build-san build-tsan build-fuzz
