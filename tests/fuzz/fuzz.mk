# tests/fuzz/fuzz.mk - the libFuzzer build of the fuzz harnesses
# (tests/fuzz/README.md), included by the Makefile.
#
#   make fuzz           tests/fuzz/run --build-only: every harness built with
#                       clang's libFuzzer into build-fuzz/fuzz-NAME
#   make fuzz-sources   three lines, each a word and a list: "sources" the C
#                       files the replay drivers $(BUILD)/tests/replay-fuzz-NAME
#                       link besides the harness (the library, the tool's
#                       readers, tests/naive), which tests/fuzz/run compiles
#                       with clang; "libs" their libraries; "objects" the
#                       same as this build's objects and archives
#
# One list for both builds: a source added to the tool that needs another
# library (the server's libmicrohttpd) cannot break the libFuzzer build
# without breaking the replay drivers, which `make` builds and `make check`
# runs (tests/cli/fuzz-build.sh checks both).  Included before the `all`
# rule: the default goal is kept.
FUZZ_GOAL_SAVED := $(.DEFAULT_GOAL)

.PHONY: fuzz fuzz-sources
fuzz:
	tests/fuzz/run --build-only

fuzz-sources:
	@echo sources $(CORE_SRC) $(CHECK_SRC) $(PLOT_SRC) $(CLI_SRC) $(NAIVE_SRC)
	@echo libs $(LIBS_TOOL)
	@echo objects $(call obj,$(CLI_SRC)) $(call obj,$(NAIVE_SRC)) $(CHECK_A) $(PLOT_A) $(CORE_A)

.DEFAULT_GOAL := $(FUZZ_GOAL_SAVED)
