/*
 * import.h - turning logs made without vmscope into runs.
 *
 * DESIGN: one file per format family reads lines (or CSV records, or
 * JSON) and hands each complete snapshot to the run builder (run.c) as a
 * kv_list plus its time.  The run builder owns everything a run needs
 * that no format knows: times made relative and checked, counters that
 * go backwards counted, a reboot splitting the run, the page size, and
 * the facts derived from the samples (end, interval).  detect.c reads the
 * first meaningful line of a (possibly compressed) file and picks the
 * format; every refusal names the format it recognised and the line.
 *
 * Ownership: struct importer lives for one file; its strings point into
 * the command line (file, options).  Functions return 0 or -1 after
 * printing one error line.
 */
#ifndef VMSCOPE_IMPORT_H
#define VMSCOPE_IMPORT_H

#include <stdint.h>
#include <stdio.h>

#include "frame.h"
#include "kv.h"
#include "opts.h"
#include "store.h"

/* kv src indexes: the source names an import can carry. */
enum { SRC_VMSTAT, SRC_MEMINFO, SRC_ZONEINFO, SRC_MEMCG, SRC_PSI, SRC_TRACE, SRC_LRU_GEN,
       SRC_FOLIOS, NR_SOURCES };
extern const char *const import_sources[NR_SOURCES];

/*
 * Times below this are seconds since the start of a log, not epochs
 * (2001-09-09): a CSV's t column may be either.
 */
#define IMPORT_EPOCH_MIN_US 1000000000000000LL

/*
 * Times past this (µs: the year 2255) are refused.  A run's span goes on
 * to be stored in nanoseconds (span * 1000), which must fit 63 bits.
 */
#define IMPORT_TIME_MAX_US 9000000000000000LL

/* ------------------------------------------------------------------ */
/* reader.c: decompression by magic bytes, and lines                   */
/* ------------------------------------------------------------------ */

struct line_reader {
	FILE *in;
	char *buf;
	size_t cap, start, end;   /* unread bytes are buf[start..end) */
	int eof, last_cr;         /* last_cr: a "\r" ended the last line */
	const char *compression;  /* "gzip", "xz", "zstd" or NULL */
};

/*
 * Open path ("-": standard input), decompressing gzip, xz or zstd input
 * told by its magic bytes.  NULL with a message on failure.
 */
FILE *import_fopen(const char *path, const char **compression);

void line_reader_init(struct line_reader *r, FILE *in);
void line_reader_release(struct line_reader *r);
/*
 * The next line without its terminator ("\n", "\r\n" or a lone "\r"),
 * NUL-terminated; *len its length (it may hold NUL bytes).  Returns 1, 0
 * at the end, -1 on a read error (errno set).
 */
int line_reader_next(struct line_reader *r, char **line, size_t *len);

/* ------------------------------------------------------------------ */
/* run.c: the run being built                                          */
/* ------------------------------------------------------------------ */

struct prev_map;              /* name -> last value, kind (run.c) */

/* A fact or tag carried by an export, applied to the run it names. */
struct import_meta {
	char *kind, *key, *value; /* kind: "fact", "tag", "marker" */
	int64_t run;
};

struct importer {
	struct collect_opts *o;
	struct store *store;
	const char *file;          /* as named on the command line */
	const char *format;        /* recognised format, for messages */
	long page_size;            /* --page-size, 0: not given */
	int label_given;
	struct frame_enc enc;
	struct kv_list kv;         /* the snapshot being read */
	long line;                 /* line being read, for messages */
	/* the open run */
	int run_open;
	int64_t seq;               /* samples stored in the open run */
	int64_t base_us;           /* epoch of t = 0; -1: times are relative */
	int64_t start_wall_us;     /* -1 unknown */
	int64_t first_t_us, last_t_us;
	char *boot_id;             /* of the open run, NULL unknown */
	char *next_boot_id;        /* read for the snapshot being built */
	struct prev_map *prev;
	int64_t nsamples;          /* samples of the file, across its runs */
	int64_t first_run;         /* the file's first run id, 0 none yet */
	int64_t went_back;         /* counter decreases in this file */
	long went_back_line;
	int64_t reboots;
	/* facts and tags from an export, by the run id it had there */
	struct import_meta *meta;
	size_t nr_meta;
	int64_t meta_run;          /* exported run id of the open run */
	int is_export;             /* runs, facts and tags come from the file */
	/* an export's per-sample skew and missed ticks, in file order */
	struct import_sample_meta {
		int64_t run, seq, skew_us, missed;
		int64_t empty_t_us;        /* a sample with no counter: its t; else -1 */
	} *smeta;
	size_t nr_smeta, smeta_next, empty_next;
	int emit_empty;            /* store a sample even with no counter */
	int page_said;
	/* kernel release and machine read from the file (sysstat's JSON):
	 * used as the kernel and arch tags are when those are not given */
	char *kernel, *arch;
	char done[512];            /* "run 3 (10 samples), ...", said on commit */
};

/* "FILE:LINE: [format: ]what" as one error line; returns -1. */
int import_fail(struct importer *im, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/*
 * Store the snapshot in im->kv as the next sample, at t_us (an epoch or
 * seconds since the log's start, in microseconds; -1: unknown, the
 * previous time plus -i).  Splits the run at a reboot.
 */
int import_emit(struct importer *im, int64_t t_us);
/*
 * Store an export's samples without counters (its #sample records) of
 * the run being read, with seq below `seq`, in order.
 */
int import_fill_empty(struct importer *im, int64_t seq);
/* Close the open run, deriving its end and interval; no-op if none. */
int import_close_run(struct importer *im);
/* Remember an export's fact or tag for run `run` (copied). */
int import_add_meta(struct importer *im, int64_t run, const char *kind,
		    const char *key, const char *value);
void import_release(struct importer *im);

/* ------------------------------------------------------------------ */
/* the formats                                                         */
/* ------------------------------------------------------------------ */

/* text.c: vmstat/meminfo snapshots, time lines, mmtests, LKP, sar */
int import_text(struct importer *im, struct line_reader *r, char *first,
		size_t first_len);
/* "1700000000.25" -> microseconds; -1 if s is not just a number >= 0. */
int64_t import_parse_epoch(const char *s);

/* csv.c: vmscope's exports (wide and long) and timed CSV */
int import_csv(struct importer *im, struct line_reader *r, char *first,
	       size_t first_len);

/* openmetrics.c: node_exporter / Prometheus text */
int import_openmetrics(struct importer *im, struct line_reader *r,
		       char *first, size_t first_len);

/*
 * sysstat.c: JSON, read as sysstat's `sadf -j` output or (its first key
 * "monitor.stat") handed to lkp.c, and sysstat data files (sa files: the
 * first line starts with sysstat's magic), read by running sadf.
 */
int import_json(struct importer *im, struct line_reader *r, char *first,
		size_t first_len);
int import_sa_file(struct importer *im, const struct line_reader *r);
/* Does a file whose first line is line (len bytes) start like an sa file? */
int import_is_sa_file(const char *line, size_t len);

/*
 * lkp.c: LKP's proc-vmstat.json (per-sample arrays) as a run; its
 * stats.json and matrix.json (one number per test or per run) are
 * refused, saying why.  import_is_lkp_json: is the first key of the
 * document (len bytes) an LKP "monitor.stat" key?
 */
int import_is_lkp_json(const char *json, size_t len);
int import_lkp_json(struct importer *im, const char *json, size_t len);

/*
 * markers.c: phase timestamps of path as markers of the runs first_run
 * .. last_run (each marker on the run whose time span holds it).
 */
int import_markers(struct store *st, const char *path, int64_t first_run,
		   int64_t last_run);

/* detect.c: pick the format from the first meaningful line */
int import_detect(struct importer *im, struct line_reader *r);

#endif
