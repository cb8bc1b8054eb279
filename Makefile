# SPDX-License-Identifier: GPL-2.0-only
# One non-recursive Makefile: everything builds into build/.
#   make              the dtrace command (build/dtrace)
#   make check        build and run every test (tests/run-tests.sh)
#   make vmcheck      build, then the kernel-dependent tests inside Debian's 6.1 and 6.12
#                     kernels under QEMU (tests/vm/vmcheck.sh); KERNEL=6.1 or 6.12 for one
#   make fuzz         the fuzzers (clang + libFuzzer): build/fuzz/fuzz_compile (front end)
#                     and build/fuzz/fuzz_load (back end, loads into the kernel);
#                     scripts/fuzz.sh runs them
#   make install      PREFIX=/usr DESTDIR=... : a stripped $(SBINDIR)/dtrace, the D libraries in
#                     $(LIBDIR) (the path the binary reads them from, compiled in from
#                     LIBDIR: DESTDIR stays out of it), dtrace.1, the toolkit's tools in
#                     $(TOOLKITDIR) and their pages in man8; INSTALL_STRIP= keeps symbols
#   make uninstall    removes what make install put (same variables)
#   make dist         build/dtrace-$(VERSION).tar.gz, the committed tree (git archive HEAD)
#   V=1               show full commands; SANITIZE=address,undefined for a sanitized build
CC       ?= cc
CLANG    ?= clang
PREFIX   ?= /usr
SBINDIR  ?= $(PREFIX)/sbin
LIBDIR   ?= $(PREFIX)/lib/dtrace
MANDIR   ?= $(PREFIX)/share/man
TOOLKITDIR ?= $(PREFIX)/share/dtrace/toolkit
INSTALL_STRIP ?= -s
VERSION  := $(shell cat VERSION 2>/dev/null || echo 0)
B        := build

WARN     := -Wall -Wextra -Wswitch -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
            -Wno-unused-parameter -Wno-missing-field-initializers -Wformat=2 -Wvla
CFLAGS   ?= -O2 -g
CFLAGS   += -std=gnu11 $(WARN) -D_GNU_SOURCE -Isrc -I$(B)/gen
LDLIBS   := $(shell pkg-config --libs libbpf 2>/dev/null || echo -lbpf) -lelf -lz -lstdc++
ifneq ($(SANITIZE),)
CFLAGS   += -fsanitize=$(SANITIZE) -fno-omit-frame-pointer
LDFLAGS  += -fsanitize=$(SANITIZE)
endif
ifeq ($(V),1)
Q :=
else
Q := @
endif

SRCS     := $(wildcard src/common/*.c src/compiler/*.c src/codegen/*.c src/runtime/*.c \
                       src/providers/*.c src/consumer/*.c)
OBJS     := $(SRCS:%.c=$(B)/%.o)
CMD_OBJS := $(patsubst %.c,$(B)/%.o,$(wildcard src/cmd/*.c))
UNIT_SRCS := $(wildcard tests/unit/test_*.c)
UNIT_BINS := $(UNIT_SRCS:tests/unit/%.c=$(B)/tests/unit/%)
TRIG_SRCS := $(wildcard tests/triggers/*.c)
TRIG_BINS := $(TRIG_SRCS:tests/triggers/%.c=$(B)/tests/triggers/%) \
             $(B)/tests/triggers/libdtpid.so $(B)/tests/triggers/libdtusdt.so \
             $(B)/tests/triggers/pidcalls-nopie \
             $(B)/tests/triggers/pidcxx
GEN      := $(B)/gen/dt_syscalls_gen.h
KFEATURES := $(B)/tests/kfeatures
MODBTF := $(B)/tests/modbtf

all: $(B)/dtrace $(UNIT_BINS) $(TRIG_BINS) $(KFEATURES) $(MODBTF)

$(B)/dtrace: $(CMD_OBJS) $(B)/libdtrace.a
	@echo "  LD      $@"
	$(Q)$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

# The version: the VERSION file, and git describe's name of the commit in a git tree of this
# project (not one it was unpacked into); the header is rewritten only when that changes.
$(B)/gen/dt_version.h: VERSION FORCE
	@mkdir -p $(dir $@)
	$(Q)g=; [ -e .git ] && g=$$(git describe --always --dirty 2>/dev/null); \
	printf '#define DT_VERSION "%s"\n#define DT_VERSION_GIT "%s"\n' "$$(cat VERSION)" "$$g" >$@.tmp; \
	if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv $@.tmp $@; fi
$(B)/src/cmd/dtrace.o: $(B)/gen/dt_version.h

# Where the installed binary reads its D libraries: LIBDIR, without DESTDIR (the tree's dlibs/
# come first when it runs from a build tree). Rewritten only when it changes, so a make install
# with another PREFIX rebuilds dtrace.o and nothing else.
$(B)/gen/dt_paths.h: FORCE
	@mkdir -p $(dir $@)
	$(Q)printf '#define DT_LIBDIR "%s"\n' '$(LIBDIR)' >$@.tmp; \
	if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv $@.tmp $@; fi
$(B)/src/cmd/dtrace.o: $(B)/gen/dt_paths.h
FORCE:

$(B)/libdtrace.a: $(OBJS)
	@echo "  AR      $@"
	$(Q)rm -f $@ && ar rcs $@ $^

$(B)/%.o: %.c | $(GEN)
	@mkdir -p $(dir $@)
	@echo "  CC      $<"
	$(Q)$(CC) $(CPPFLAGS) $(CFLAGS) -MMD -MP -c -o $@ $<

# The syscall table (name, number) of this architecture, from the kernel's UAPI header.
$(GEN): scripts/gen-syscalls.sh
	@mkdir -p $(dir $@)
	@echo "  GEN     $@"
	$(Q)sh scripts/gen-syscalls.sh > $@.tmp && mv $@.tmp $@

$(B)/tests/unit/%: tests/unit/%.c tests/unit/unit.h $(B)/libdtrace.a
	@mkdir -p $(dir $@)
	@echo "  CC      $<"
	$(Q)$(CC) $(CFLAGS) $(LDFLAGS) -Itests/unit -o $@ $< $(B)/libdtrace.a $(LDLIBS)

$(B)/tests/triggers/%: tests/triggers/%.c
	@mkdir -p $(dir $@)
	@echo "  CC      $<"
	$(Q)$(CC) -O1 -g -fno-omit-frame-pointer -Wall -o $@ $<

# What a test's NAME.needs asks of the kernel (tests/run-tests.sh runs it).
$(KFEATURES): tests/tools/kfeatures.c
	@mkdir -p $(dir $@)
	@echo "  CC      $<"
	$(Q)$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $< $(LDLIBS)

# A kernel module file holding only BTF, for tests of types in a module's scope.
$(MODBTF): tests/tools/modbtf.c
	@mkdir -p $(dir $@)
	@echo "  CC      $<"
	$(Q)$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $< $(LDLIBS)

# The pid provider's: a shared library, a program linked with it (PIE and not), C++, dlopen.
TRIG_FLAGS := -O1 -g -fno-omit-frame-pointer -Wall
$(B)/tests/triggers/libdtpid.so: tests/triggers/lib/libdtpid.c
	@mkdir -p $(dir $@)
	@echo "  CC      $<"
	$(Q)$(CC) $(TRIG_FLAGS) -fPIC -shared -o $@ $<
# USDT probes in a library a process opens later (its notes written in the source, no sdt.h).
$(B)/tests/triggers/libdtusdt.so: tests/triggers/lib/libdtusdt.c
	@mkdir -p $(dir $@)
	@echo "  CC      $<"
	$(Q)$(CC) $(TRIG_FLAGS) -fPIC -shared -o $@ $<
$(B)/tests/triggers/pidcalls: tests/triggers/pidcalls.c $(B)/tests/triggers/libdtpid.so
	@echo "  CC      $<"
	$(Q)$(CC) $(TRIG_FLAGS) -o $@ $< -L$(B)/tests/triggers -ldtpid -Wl,-rpath,'$$ORIGIN'
$(B)/tests/triggers/pidcalls-nopie: tests/triggers/pidcalls.c $(B)/tests/triggers/libdtpid.so
	@echo "  CC      $<"
	$(Q)$(CC) $(TRIG_FLAGS) -no-pie -fno-pie -o $@ $< -L$(B)/tests/triggers -ldtpid \
		-Wl,-rpath,'$$ORIGIN'
$(B)/tests/triggers/piddlopen: tests/triggers/piddlopen.c
	@mkdir -p $(dir $@)
	@echo "  CC      $<"
	$(Q)$(CC) $(TRIG_FLAGS) -o $@ $< -ldl
$(B)/tests/triggers/pidcxx: tests/triggers/lib/pidcxx.cc
	@echo "  CXX     $<"
	$(Q)$(CXX) $(TRIG_FLAGS) -o $@ $<

# The fuzzer: the library again, built by clang with ASan/UBSan and libFuzzer's coverage
# instrumentation into build/fuzz/, linked with the libFuzzer driver.
FUZZ_SAN    := -fsanitize=address,undefined -fno-sanitize-recover=undefined
FUZZ_CFLAGS := -O1 -g -fno-omit-frame-pointer -std=gnu11 $(WARN) -D_GNU_SOURCE \
               -Isrc -I$(B)/gen $(FUZZ_SAN)
FUZZ_OBJS   := $(SRCS:%.c=$(B)/fuzz/%.o)

FUZZ_UTIL   := $(B)/fuzz/tests/fuzz/fuzz_util.o $(B)/fuzz/tests/fuzz/fuzz_gen.o

fuzz: $(B)/fuzz/fuzz_compile $(B)/fuzz/fuzz_load

$(B)/fuzz/fuzz_%: $(B)/fuzz/tests/fuzz/fuzz_%.o $(FUZZ_UTIL) $(FUZZ_OBJS)
	@echo "  LD      $@"
	$(Q)$(CLANG) -fsanitize=fuzzer $(FUZZ_SAN) -o $@ $^ $(LDLIBS)

$(B)/fuzz/%.o: %.c | $(GEN)
	@mkdir -p $(dir $@)
	@echo "  CC      $< (fuzz)"
	$(Q)$(CLANG) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -MMD -MP -c -o $@ $<

check: all
	$(Q)sh tests/run-tests.sh

vmcheck: all
	$(Q)sh tests/vm/vmcheck.sh $(KERNEL)

# Globs, so the toolkit's tools and pages added later install too; uninstall removes the same
# names and then the directories that only this project uses, when they are empty.
TK_TOOLS = $(wildcard toolkit/*)
TK_PAGES = $(wildcard toolkit/man/*.8)
install: $(B)/dtrace
	install -d $(DESTDIR)$(SBINDIR) $(DESTDIR)$(LIBDIR)
	install -m 0755 $(INSTALL_STRIP) $(B)/dtrace $(DESTDIR)$(SBINDIR)/dtrace
	install -m 0644 dlibs/*.d $(DESTDIR)$(LIBDIR)/
	if [ -e man/dtrace.1 ]; then install -d $(DESTDIR)$(MANDIR)/man1 && \
		install -m 0644 man/dtrace.1 $(DESTDIR)$(MANDIR)/man1/dtrace.1; fi
	for f in $(TK_TOOLS); do if [ -f "$$f" ] && [ -x "$$f" ]; then \
		install -d $(DESTDIR)$(TOOLKITDIR) && \
		install -m 0755 "$$f" $(DESTDIR)$(TOOLKITDIR)/ || exit 1; fi; done
	for f in $(TK_PAGES); do install -d $(DESTDIR)$(MANDIR)/man8 && \
		install -m 0644 "$$f" $(DESTDIR)$(MANDIR)/man8/ || exit 1; done

uninstall:
	rm -f $(DESTDIR)$(SBINDIR)/dtrace $(DESTDIR)$(MANDIR)/man1/dtrace.1
	rm -f $(patsubst dlibs/%,$(DESTDIR)$(LIBDIR)/%,$(wildcard dlibs/*.d))
	rm -f $(patsubst toolkit/%,$(DESTDIR)$(TOOLKITDIR)/%,$(TK_TOOLS))
	rm -f $(patsubst toolkit/man/%,$(DESTDIR)$(MANDIR)/man8/%,$(TK_PAGES))
	for d in $(DESTDIR)$(LIBDIR) $(DESTDIR)$(TOOLKITDIR) $(dir $(DESTDIR)$(TOOLKITDIR)); do \
		[ ! -d "$$d" ] || rmdir "$$d" 2>/dev/null || true; done

# The release tarball: what HEAD has committed (git archive), under dtrace-VERSION/.
dist:
	@git diff --quiet HEAD 2>/dev/null || echo "make dist: uncommitted changes are left out" >&2
	@mkdir -p $(B)
	git archive --format=tar.gz --prefix=dtrace-$(VERSION)/ -o $(B)/dtrace-$(VERSION).tar.gz HEAD
	@echo "  DIST    $(B)/dtrace-$(VERSION).tar.gz"

clean:
	rm -rf $(B)

.PHONY: all check vmcheck fuzz install uninstall dist clean FORCE
.SECONDARY:
-include $(OBJS:.o=.d) $(CMD_OBJS:.o=.d) $(FUZZ_OBJS:.o=.d) $(FUZZ_UTIL:.o=.d) \
	 $(B)/fuzz/tests/fuzz/fuzz_compile.d $(B)/fuzz/tests/fuzz/fuzz_load.d
