# python/python.mk - the Python module `wythoff` (docs/python.md), included
# by the Makefile.
#
#   make python [PYTHON=python3]   builds $(BUILD)/python/wythoff/, importable
#                                  with PYTHONPATH=$(BUILD)/python, with the
#                                  manual docs/*.md in its docs/ (as the
#                                  wheel of `pip install .` has it)
#
# The extension is compiled from python/*.c (their list: python/_wythoff.h)
# and links the library's PIC objects (those of the shared libraries)
# statically, with -lgmp -lpng -lz -pthread; it is built for the
# interpreter $(PYTHON), whose sysconfig gives the include directory and
# the file name's suffix.  The interpreter is asked only when `python` is a
# goal, so that other builds never start it.
PYTHON ?= python3

.PHONY: python
ifneq ($(filter python,$(MAKECMDGOALS)),)
PY_INCLUDE := $(shell $(PYTHON) -c 'import sysconfig; print(sysconfig.get_paths()["include"])')
PY_EXT     := $(shell $(PYTHON) -c 'import sysconfig; print(sysconfig.get_config_var("EXT_SUFFIX") or ".so")')
ifeq ($(PY_EXT),)
$(error $(PYTHON) does not run: give the interpreter with PYTHON=...)
endif
PY_PKG     := $(BUILD)/python/wythoff
# the objects' names carry the interpreter's suffix: two interpreters'
# builds do not overwrite each other's objects
PY_TAG     := $(basename $(PY_EXT))
PY_OBJ     := $(patsubst python/%.c,$(BUILD)/python/%$(PY_TAG).o,$(sort $(wildcard python/*.c)))
PY_MOD     := $(PY_PKG)/_wythoff$(PY_EXT)
PY_FILES   := $(addprefix $(PY_PKG)/,$(notdir $(wildcard python/wythoff/*.py python/wythoff/*.pyi python/wythoff/py.typed)))
PY_LIB_PIC := $(call pic,$(CORE_SRC) $(CHECK_SRC) $(PLOT_SRC))
# the manual, as the wheel installs it (wythoff.docs())
PY_DOCS    := $(patsubst docs/%,$(PY_PKG)/docs/%,$(wildcard docs/*.md))

python: $(PY_MOD) $(PY_FILES) $(PY_DOCS)

$(PY_OBJ): $(BUILD)/python/%$(PY_TAG).o: python/%.c
	@mkdir -p $(dir $@)
	$(COMPILE) -MMD -MP -fPIC -isystem $(PY_INCLUDE) -c $< -o $@

$(PY_MOD): $(PY_OBJ) $(PY_LIB_PIC)
	@mkdir -p $(dir $@)
	$(LINK) -shared -o $@ $^ $(LIBS_TOOL) $(LDLIBS)

$(PY_PKG)/%: python/wythoff/%
	@mkdir -p $(dir $@)
	cp $< $@

$(PY_PKG)/docs/%.md: docs/%.md
	@mkdir -p $(dir $@)
	cp $< $@
endif
