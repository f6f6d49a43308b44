# tests/fault/fault.mk - fault injection (tests/fault/README.md): programs
# linked with tests/fault/inject.c and --wrap flags, so that the Nth
# allocation (mmap, fopen, pthread_create) of the project's own code fails.
#
#   $(BUILD)/tests/t-alloc-fail   walks N over the library's calls
#                                 (tests/unit/t-alloc-fail.c)
#   $(BUILD)/wythoff-faulty       the tool; WY_FAIL_ALLOC=N makes its Nth
#                                 allocation fail (tests/cli/alloc-fail.sh)
#
# Included by the Makefile before its `all` rule: the default goal is kept
# as it was (the first rule after this fragment), not one of these.
FAULT_GOAL_SAVED := $(.DEFAULT_GOAL)

FAULT_FNS  := malloc calloc realloc free munmap aligned_alloc posix_memalign strdup strndup realpath getline getdelim \
              mmap fopen fdopen pthread_create
FAULT_WRAP := $(foreach f,$(FAULT_FNS),-Wl,--wrap=$(f))
FAULT_OBJ  := $(BUILD)/tests/fault/inject.o

EXTRA_ALL += $(BUILD)/tests/t-alloc-fail $(BUILD)/wythoff-faulty

$(FAULT_OBJ) $(BUILD)/tests/unit/t-alloc-fail.o: tests/fault/inject.h

# An explicit rule: it wins over the Makefile's pattern rule $(BUILD)/tests/t-%.
$(BUILD)/tests/t-alloc-fail: $(BUILD)/tests/unit/t-alloc-fail.o $(FAULT_OBJ) $(call obj,$(NAIVE_SRC)) \
                             $(CHECK_A) $(PLOT_A) $(CORE_A)
	@mkdir -p $(dir $@)
	$(LINK) $(FAULT_WRAP) -o $@ $^ $(LIBS_TOOL) $(LDLIBS)

$(BUILD)/wythoff-faulty: $(call obj,$(APP_SRC)) $(BUILD)/gen/web_assets.o $(FAULT_OBJ) $(CLI_A) $(CHECK_A) $(PLOT_A) $(CORE_A)
	$(LINK) $(FAULT_WRAP) -o $@ $^ $(LIBS_TOOL) $(LIBS_SERVE) $(LDLIBS)

.DEFAULT_GOAL := $(FAULT_GOAL_SAVED)
