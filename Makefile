# vmscope - see README.md.  `make` builds, `make test` runs every test,
# `make bench` measures the collector against a bare pread+parse floor.

PREFIX ?= /usr/local
DESTDIR ?=
VERSION := 0.1.0

CC ?= cc
CFLAGS ?= -O2 -g
ALL_CFLAGS = -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -MMD -MP \
	-Icollector -Ianalyzer -Imodel -Ibench -Ilab -Ischema -Ibuild -DVMSCOPE_VERSION='"$(VERSION)"' $(CFLAGS)
LDLIBS = -lsqlite3 -lm

# SANITIZE=address,undefined builds everything under the sanitizers (as git
# does); the collector is then linked dynamically, since ASan cannot be static.
ifdef SANITIZE
ALL_CFLAGS += -fsanitize=$(SANITIZE) -fno-sanitize-recover=$(SANITIZE) \
	-fno-omit-frame-pointer
LDFLAGS += -fsanitize=$(SANITIZE)
STATIC ?= 0
endif
# The collector links statically by default so it can ride in an initramfs.
STATIC ?= 1
ifeq ($(STATIC),1)
COLLECT_LDFLAGS = -static
COLLECT_LDLIBS = -lsqlite3 -lm -lz
else
COLLECT_LDFLAGS =
COLLECT_LDLIBS = $(LDLIBS)
endif

ifndef V
QUIET_CC = @echo '  CC     ' $@;
QUIET_LINK = @echo '  LINK   ' $@;
QUIET_GEN = @echo '  GEN    ' $@;
endif

# the lab decompresses kernel modules (.ko.xz, .ko.zst, .ko.gz)
LAB_LDLIBS = -llzma -lzstd -lz

# subcommands of `vmscope`: one analyzer/cmd/<name>.c each
CMDS = runs show table compare attribute plot import export bench mark lab report

# the reclaim model: model/, one file per kernel family and mechanism
MODEL_OBJS = model/common.o model/classic.o model/split_walk.o model/split_level.o model/split_kswapd.o model/split_skip.o model/split_views.o model/split_fit.o model/split_deep.o model/split_direct.o model/folio_scan.o model/cost.o model/mglru.o model/swap_list.o model/whatif_balance.o
COMMON_OBJS = collector/err.o collector/db.o build/schema_sql.o
PLOT_TEMPLATES = $(wildcard plots/*.gp)
COLLECT_OBJS = collector/main.o collector/opts.o collector/source.o collector/readall.o collector/tail.o \
	collector/parse.o collector/kv.o collector/frame.o collector/store.o \
	collector/facts.o collector/pace.o collector/trace.o collector/refresh.o collector/lrugen.o collector/folios.o $(COMMON_OBJS)
IMPORT_OBJS = $(patsubst %.c,%.o,$(wildcard analyzer/import/*.c))
VMSCOPE_OBJS = analyzer/vmscope.o $(patsubst %,analyzer/cmd/%.o,$(CMDS)) analyzer/cmd/attribute_whatif.o \
	analyzer/rundb.o analyzer/table.o analyzer/metrics.o analyzer/runstats.o \
	$(IMPORT_OBJS) \
	analyzer/gp.o build/plots_gp.o bench/workload.o bench/proc.o \
	lab/boot.o lab/cpio.o lab/guest.o lab/initramfs.o lab/kernel.o lab/labdb.o lab/labmerge.o \
	lab/qemu.o lab/fileio.o lab/fetch.o lab/kmodfile.o lab/transfer.o build/lab_init_sh.o \
	analyzer/stats.o analyzer/groups.o $(MODEL_OBJS) analyzer/replay.o analyzer/replay_split.o analyzer/replay_truth.o analyzer/zone_skips.o analyzer/zone_frees.o analyzer/activations.o analyzer/boot_costs.o analyzer/census.o analyzer/flushes.o analyzer/mglru_replay.o analyzer/sweep.o analyzer/mstream.o \
	analyzer/report/holm.o analyzer/report/doc.o analyzer/report/ncompare.o analyzer/report/facts.o analyzer/report/shell_line.o analyzer/report/attrib.o \
	collector/store.o collector/frame.o collector/opts.o collector/pace.o \
	collector/facts.o collector/source.o collector/readall.o collector/tail.o collector/parse.o collector/kv.o collector/trace.o \
	collector/lrugen.o collector/folios.o \
	$(COMMON_OBJS)

UNIT_TESTS = tests/unit/t-parse tests/unit/t-frame tests/unit/t-pace \
	tests/unit/t-metrics tests/unit/t-stats tests/unit/t-model tests/unit/t-split tests/unit/t-trace \
	tests/unit/t-transfer tests/unit/t-source tests/unit/t-kmod tests/unit/t-labdb tests/unit/t-holm tests/unit/t-mglru \
	tests/unit/t-folios tests/unit/t-grain tests/unit/t-deep tests/unit/t-skip tests/unit/t-swaplist tests/unit/t-whatif \
	tests/unit/t-zone-skips tests/unit/t-zone-frees tests/unit/t-walk-end tests/unit/t-proc tests/unit/t-ready
BENCH_BINS = bench/floor bench/cpu bench/hog
# programs the command tests run (tests/tools/)
TEST_TOOLS = tests/tools/mlock-pages

PROGRAMS = build/vmscope-collect build/vmscope

all: $(PROGRAMS)

build:
	@mkdir -p build

# Text files compiled in as one C string, one literal per line: the schema
# (db_schema_sql) and the lab guest's /init (lab_init_sh).
EMBED_TEXT = awk -v name=$(1) 'BEGIN { print "const char " name "[] ="; } \
		{ gsub(/\\/, "\\\\"); gsub(/"/, "\\\""); print "\"" $$0 "\\n\""; } \
		END { print ";"; }'
build/schema_sql.c: schema/schema.sql schema/counter_values-v2.sql | build
	$(QUIET_GEN){ $(call EMBED_TEXT,db_schema_sql) schema/schema.sql; \
	$(call EMBED_TEXT,db_counter_values_v2_sql) schema/counter_values-v2.sql; } > $@
build/lab_init_sh.c: lab/init.sh | build
	$(QUIET_GEN)$(call EMBED_TEXT,lab_init_sh) $< > $@

# Rebuild everything when the flags change (SANITIZE=..., CFLAGS=...),
# as git does with GIT-CFLAGS.
FLAGS_STAMP = build/FLAGS
build/FLAGS: FORCE | build
	@echo '$(CC) $(ALL_CFLAGS) $(LDFLAGS) STATIC=$(STATIC)' > $@.new; \
	cmp -s $@.new $@ && rm -f $@.new || mv $@.new $@

# The gnuplot templates are compiled in too: plot_templates[] by name.
build/plots_gp.c: $(PLOT_TEMPLATES) scripts/embed-templates.awk | build
	$(QUIET_GEN)awk -f scripts/embed-templates.awk $(PLOT_TEMPLATES) > $@

%.o: %.c $(FLAGS_STAMP)
	$(QUIET_CC)$(CC) $(ALL_CFLAGS) -c -o $@ $<

build/vmscope-collect: $(COLLECT_OBJS) | build
	$(QUIET_LINK)$(CC) $(LDFLAGS) $(COLLECT_LDFLAGS) -o $@ $^ $(COLLECT_LDLIBS)

# vmscope is static too: the lab puts it into its guests' initramfs
build/vmscope: $(VMSCOPE_OBJS) | build
	$(QUIET_LINK)$(CC) $(LDFLAGS) $(COLLECT_LDFLAGS) -o $@ $^ -lcsv $(COLLECT_LDLIBS) \
		$(LAB_LDLIBS)

tests/unit/t-parse: tests/unit/t-parse.o tests/unit/tap.o collector/parse.o collector/kv.o
tests/unit/t-frame: tests/unit/t-frame.o tests/unit/tap.o collector/frame.o collector/kv.o collector/err.o
tests/unit/t-trace: tests/unit/t-trace.o tests/unit/tap.o collector/trace.o collector/kv.o collector/err.o
tests/unit/t-folios: tests/unit/t-folios.o tests/unit/tap.o collector/folios.o collector/kv.o collector/err.o
tests/unit/t-transfer: tests/unit/t-transfer.o tests/unit/tap.o lab/transfer.o collector/err.o
# t-source wraps pread() to hand out short reads, as the kernel's seq_file does
tests/unit/t-source: tests/unit/t-source.o tests/unit/tap.o collector/source.o \
	collector/readall.o collector/parse.o collector/kv.o collector/err.o
tests/unit/t-source: LDLIBS += -Wl,--wrap=pread
tests/unit/t-mglru: tests/unit/t-mglru.o tests/unit/tap.o model/mglru.o \
	collector/lrugen.o collector/trace.o collector/kv.o collector/err.o
tests/unit/t-kmod: tests/unit/t-kmod.o tests/unit/tap.o lab/kernel.o lab/kmodfile.o \
	lab/fileio.o collector/err.o
tests/unit/t-labdb: tests/unit/t-labdb.o tests/unit/tap.o lab/labdb.o lab/labmerge.o collector/db.o \
	collector/err.o build/schema_sql.o
tests/unit/t-kmod: LDLIBS += $(LAB_LDLIBS)
tests/unit/t-pace: tests/unit/t-pace.o tests/unit/tap.o collector/pace.o
tests/unit/t-model: tests/unit/t-model.o tests/unit/tap.o $(MODEL_OBJS)
tests/unit/t-split: tests/unit/t-split.o tests/unit/tap.o tests/unit/levels.o tests/unit/scan_adjust.o $(MODEL_OBJS) \
	analyzer/zone_frees.o analyzer/metrics.o collector/parse.o collector/kv.o
tests/unit/t-grain: tests/unit/t-grain.o tests/unit/tap.o $(MODEL_OBJS)
tests/unit/t-deep: tests/unit/t-deep.o tests/unit/tap.o tests/unit/levels.o tests/unit/scan_adjust.o $(MODEL_OBJS)
tests/unit/t-skip: tests/unit/t-skip.o tests/unit/tap.o tests/unit/levels.o $(MODEL_OBJS)
tests/unit/t-swaplist: tests/unit/t-swaplist.o tests/unit/tap.o model/swap_list.o
tests/unit/t-whatif: tests/unit/t-whatif.o tests/unit/tap.o $(MODEL_OBJS)
tests/unit/t-walk-end: tests/unit/t-walk-end.o tests/unit/tap.o tests/unit/levels.o $(MODEL_OBJS)
tests/unit/t-zone-frees: tests/unit/t-zone-frees.o tests/unit/tap.o analyzer/zone_frees.o \
	analyzer/metrics.o collector/parse.o collector/kv.o
tests/unit/t-zone-skips: tests/unit/t-zone-skips.o tests/unit/tap.o analyzer/zone_skips.o \
	analyzer/metrics.o collector/parse.o collector/kv.o
tests/unit/t-proc: tests/unit/t-proc.o tests/unit/tap.o bench/proc.o
tests/unit/t-ready: tests/unit/t-ready.o tests/unit/tap.o bench/workload.o bench/proc.o collector/err.o
tests/unit/t-stats: tests/unit/t-stats.o tests/unit/tap.o analyzer/stats.o
tests/unit/t-holm: tests/unit/t-holm.o tests/unit/tap.o analyzer/report/holm.o collector/err.o
tests/unit/t-metrics: tests/unit/t-metrics.o tests/unit/tap.o analyzer/metrics.o \
	collector/parse.o collector/kv.o

$(UNIT_TESTS):
	$(QUIET_LINK)$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS) -lz

bench/floor: bench/floor.o collector/readall.o collector/parse.o collector/kv.o
bench/cpu: bench/cpu.o
bench/hog: bench/hog.o
tests/tools/mlock-pages: tests/tools/mlock-pages.o
$(BENCH_BINS) $(TEST_TOOLS):
	$(QUIET_LINK)$(CC) $(LDFLAGS) -o $@ $^

test: all $(UNIT_TESTS) bench/hog $(TEST_TOOLS)
	@SANITIZE=$(SANITIZE) tests/run.sh

# BENCH_KILL9: how many times bench/kill9.sh kills the collector
BENCH_KILL9 ?= 100
bench: all $(BENCH_BINS)
	@bench/run.sh
	@bench/db-scale.sh
	@bench/kill9.sh $(BENCH_KILL9)

# Mutation testing (scripts/mutate.sh, mutants in tests/mutants/*.txt):
# `mutate` runs them all, `mutate-smoke` a fast subset for CI.
mutate:
	@scripts/mutate.sh
mutate-smoke:
	@scripts/mutate.sh --smoke

# libFuzzer targets, one per parser (tests/fuzz/): FUZZ_SECONDS each.
FUZZ_SECONDS ?= 60
fuzz-build: build/schema_sql.c
	@$(MAKE) --no-print-directory -f tests/fuzz/Makefile
fuzz: fuzz-build
	@tests/fuzz/run.sh -s $(FUZZ_SECONDS)
fuzz-smoke: fuzz-build
	@tests/fuzz/run.sh -s 3

install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 755 build/vmscope-collect build/vmscope $(DESTDIR)$(PREFIX)/bin/
	install -m 644 docs/vmscope-collect.1 docs/vmscope.1 \
		$(DESTDIR)$(PREFIX)/share/man/man1/

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/vmscope-collect $(DESTDIR)$(PREFIX)/bin/vmscope \
		$(DESTDIR)$(PREFIX)/share/man/man1/vmscope-collect.1 \
		$(DESTDIR)$(PREFIX)/share/man/man1/vmscope.1

clean:
	rm -rf build $(UNIT_TESTS) $(BENCH_BINS) $(TEST_TOOLS)
	find . -name '*.[od]' -delete

.PHONY: all test bench install uninstall clean FORCE mutate mutate-smoke fuzz fuzz-build fuzz-smoke

-include $(shell find . -name '*.d' 2>/dev/null)
