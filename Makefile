# wythoff - build with `make`; tests with `make check` (see README.md).
# `make SAN=1` builds everything with AddressSanitizer + UBSan into build-san/.
CC      ?= cc
CSTD    := -std=c11
WARN    := -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes
ifeq ($(WERROR),1)
WARN    += -Werror
endif
ifeq ($(SAN),1)
BUILD   ?= build-san
OPT     ?= -O1 -g -fno-omit-frame-pointer
SANF    := -fsanitize=address,undefined -fno-sanitize-recover=all
else
BUILD   ?= build
OPT     ?= -O2 -g
SANF    :=
endif
CPPFLAGS += -Iinclude -D_POSIX_C_SOURCE=200809L
CFLAGS  += $(CSTD) $(WARN) $(OPT) $(SANF) -pthread
LDFLAGS += $(SANF) -pthread
LDLIBS  += -lpng -lgmp

LIB_SRC := $(sort $(wildcard src/*.c))
APP_SRC := $(sort $(wildcard app/*.c))
NAIVE_SRC := $(sort $(filter-out tests/naive/main.c,$(wildcard tests/naive/*.c)))
UNIT_SRC := $(sort $(wildcard tests/unit/t-*.c))

LIB_OBJ := $(LIB_SRC:%.c=$(BUILD)/%.o)
LIB_PIC := $(LIB_SRC:%.c=$(BUILD)/pic/%.o)
APP_OBJ := $(APP_SRC:%.c=$(BUILD)/%.o)
NAIVE_OBJ := $(NAIVE_SRC:%.c=$(BUILD)/%.o)
UNIT_BIN := $(UNIT_SRC:tests/unit/%.c=$(BUILD)/tests/%)

.PHONY: all lib check bench clean
all: $(BUILD)/wythoff $(BUILD)/libwythoff.a $(BUILD)/libwythoff.so $(BUILD)/wythoff-naive $(UNIT_BIN) $(BUILD)/bench-baseline
lib: $(BUILD)/libwythoff.a $(BUILD)/libwythoff.so

$(BUILD)/%.o: %.c $(wildcard include/*.h) $(wildcard src/*.h app/*.h tests/naive/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) -c $< -o $@

$(BUILD)/pic/%.o: %.c $(wildcard include/*.h) $(wildcard src/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) -fPIC -c $< -o $@

$(BUILD)/libwythoff.a: $(LIB_OBJ)
	ar rcs $@ $^

$(BUILD)/libwythoff.so: $(LIB_PIC)
	$(CC) -shared $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(BUILD)/wythoff: $(APP_OBJ) $(BUILD)/libwythoff.a
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(BUILD)/wythoff-naive: $(BUILD)/tests/naive/main.o $(NAIVE_OBJ) $(BUILD)/libwythoff.a
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

# The per-line bitset baseline of bench/run (independent of the library).
$(BUILD)/bench-baseline: $(BUILD)/bench/baseline.o
	$(CC) $(LDFLAGS) -o $@ $^

$(BUILD)/tests/%: $(BUILD)/tests/unit/%.o $(NAIVE_OBJ) $(BUILD)/libwythoff.a
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

check:
	./tests/run --both

bench: all
	./bench/run

clean:
	rm -rf build build-san
