/*
 * tail.c - the uncommitted samples of a run, in a shared mapping (tail.h).
 *
 * DESIGN: the file has a fixed size, reserved with posix_fallocate() when
 * the run starts (so a full disk is an error then, never a SIGBUS later),
 * and is mapped MAP_SHARED: appending a sample is a memcpy() into the page
 * cache, no system call; a kill -9 leaves the pages to the kernel, which
 * writes them back.  Emptying it after a commit starts a new epoch at
 * offset 0; records of older epochs left further on are not read.
 *
 * A record: "VMT1", the body's length (u32), the epoch (u32), the body,
 * FNV-1a 32 of epoch and body.  The body: run id, seq, t_us, skew, missed,
 * layout id (i64 each), the two JSON texts' lengths (u32 each), then the
 * texts.  A fold reads records from offset 0 while they are whole and of
 * the first one's epoch.  Numbers are in the host's byte order: a tail is
 * folded on the machine that wrote it.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "db.h"
#include "err.h"
#include "readall.h"
#include "tail.h"
#include "banned.h"

#define TAIL_MAGIC "VMT1"
#define TAIL_SUFFIX "-vmscope-tail."
/* a tail being made (tail_open()), a name no fold looks at */
#define TAIL_NEW_SUFFIX "-vmscope-new."
#define TAIL_HEAD 12                     /* magic, length, epoch */
#define TAIL_FIXED (6 * 8 + 2 * 4)       /* the body before the texts */

void tail_init(struct tail *t)
{
	memset(t, 0, sizeof(*t));
	t->fd = -1;
}

static uint32_t fnv1a(const unsigned char *p, size_t n)
{
	uint32_t h = 2166136261u;

	while (n--)
		h = (h ^ *p++) * 16777619u;
	return h;
}

static char *tail_name(const char *db_path, int64_t run_id)
{
	size_t n = strlen(db_path) + sizeof(TAIL_SUFFIX) + 21;
	char *p = malloc(n);

	if (p)
		snprintf(p, n, "%s" TAIL_SUFFIX "%lld", db_path, (long long)run_id);
	return p;
}

int tail_open(struct tail *t, const char *db_path, int64_t run_id)
{
	char tmp[4096];
	void *map = MAP_FAILED;
	int rc;

	t->path = tail_name(db_path, run_id);
	if (!t->path)
		return error("out of memory");
	if (snprintf(tmp, sizeof(tmp), "%s" TAIL_NEW_SUFFIX "%lld.%ld", db_path,
		     (long long)run_id, (long)getpid()) >= (int)sizeof(tmp))
		return error("cannot write '%s': the path is too long", t->path);
	/*
	 * Made, locked and sized under a name no fold looks at, then renamed
	 * into place: a program folding orphans (every reader does) never
	 * sees the tail of a live run unlocked.
	 */
	t->fd = open(tmp, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
	if (t->fd < 0)
		return error_errno("cannot write '%s'", tmp);
	if (flock(t->fd, LOCK_EX | LOCK_NB))
		goto fail;
	rc = posix_fallocate(t->fd, 0, TAIL_BYTES);
	if (rc) {
		errno = rc;
		goto fail;
	}
	map = mmap(NULL, TAIL_BYTES, PROT_READ | PROT_WRITE, MAP_SHARED,
		   t->fd, 0);
	if (map == MAP_FAILED || rename(tmp, t->path))
		goto fail;
	t->map = map;
	t->epoch = 1;
	return 0;
fail:
	error_errno("cannot write '%s'", tmp);
	if (map != MAP_FAILED)
		munmap(map, TAIL_BYTES);
	unlink(tmp);
	/* nothing of this tail is left for tail_close() to remove */
	close(t->fd);
	t->fd = -1;
	return -1;
}

static void put(unsigned char **p, const void *v, size_t n)
{
	memcpy(*p, v, n);
	*p += n;
}

static size_t record_bytes(const struct tail_record *r)
{
	return TAIL_HEAD + TAIL_FIXED + r->deltas_len + r->abs_len + 4;
}

int tail_fits(const struct tail *t, const struct tail_record *r)
{
	return t->off + record_bytes(r) <= TAIL_BYTES;
}

int tail_append(struct tail *t, const struct tail_record *r)
{
	size_t total = record_bytes(r);
	uint32_t len = (uint32_t)(total - TAIL_HEAD - 4), sum;
	unsigned char *p, *e;

	if (!t->map || t->off + total > TAIL_BYTES)
		return error("cannot write '%s': a sample of %zu bytes does "
			     "not fit", t->path ? t->path : "tail", total);
	p = t->map + t->off;
	/* the checksum covers the epoch: a stale record never passes */
	put(&p, TAIL_MAGIC, 4);
	put(&p, &len, 4);
	e = p;
	put(&p, &t->epoch, 4);
	put(&p, &r->run_id, 8);
	put(&p, &r->seq, 8);
	put(&p, &r->t_us, 8);
	put(&p, &r->skew_us, 8);
	put(&p, &r->missed, 8);
	put(&p, &r->layout_id, 8);
	put(&p, &r->deltas_len, 4);
	put(&p, &r->abs_len, 4);
	if (r->deltas_len)
		put(&p, r->deltas, r->deltas_len);
	if (r->abs_len)
		put(&p, r->absolutes, r->abs_len);
	sum = fnv1a(e, 4 + len);
	put(&p, &sum, 4);
	t->off += total;
	return 0;
}

void tail_clear(struct tail *t)
{
	/*
	 * No system call: the next record starts a new epoch at offset 0.
	 * Until it is written, a fold would find the committed records of
	 * the old epoch and insert nothing new.
	 */
	t->off = 0;
	t->epoch++;
}

void tail_close(struct tail *t, int remove_it)
{
	if (t->map)
		munmap(t->map, TAIL_BYTES);
	if (t->fd >= 0) {
		if (remove_it)
			unlink(t->path);
		close(t->fd);
	}
	free(t->path);
	tail_init(t);
}

/* ---------------------------------------------------------------- fold */

static void get(const unsigned char **p, void *v, size_t n)
{
	memcpy(v, *p, n);
	*p += n;
}

/*
 * Decode the record at *p (end: the buffer's end) of epoch *epoch (0:
 * any, then set); 0, or -1 at a cut, stale or empty record.
 */
static int decode(const unsigned char **p, const unsigned char *end,
		  uint32_t *epoch, struct tail_record *r)
{
	const unsigned char *s = *p, *b;
	uint32_t len, sum, ep;

	if (end - s < TAIL_HEAD || memcmp(s, TAIL_MAGIC, 4))
		return -1;
	memcpy(&len, s + 4, 4);
	memcpy(&ep, s + 8, 4);
	if (len < TAIL_FIXED || (size_t)(end - s) < TAIL_HEAD + (size_t)len + 4 ||
	    (*epoch && ep != *epoch))
		return -1;
	b = s + TAIL_HEAD;
	memcpy(&sum, b + len, 4);
	if (sum != fnv1a(s + 8, 4 + (size_t)len))
		return -1;
	*epoch = ep;
	get(&b, &r->run_id, 8);
	get(&b, &r->seq, 8);
	get(&b, &r->t_us, 8);
	get(&b, &r->skew_us, 8);
	get(&b, &r->missed, 8);
	get(&b, &r->layout_id, 8);
	get(&b, &r->deltas_len, 4);
	get(&b, &r->abs_len, 4);
	if ((uint64_t)r->deltas_len + r->abs_len != len - TAIL_FIXED)
		return -1;
	r->deltas = (const char *)b;
	r->absolutes = (const char *)b + r->deltas_len;
	*p = s + TAIL_HEAD + len + 4;
	return 0;
}

static void bind_text_or_null(sqlite3_stmt *st, int i, const char *v,
			      uint32_t n)
{
	if (n)
		sqlite3_bind_text(st, i, v, (int)n, SQLITE_STATIC);
	else
		sqlite3_bind_null(st, i);
}

/* Insert every whole record of buf; the count, or -1. */
static long fold_buffer(sqlite3 *db, const char *path, const char *buf,
			size_t len)
{
	const unsigned char *p = (const unsigned char *)buf, *end = p + len;
	struct tail_record r;
	sqlite3_stmt *st;
	uint32_t epoch = 0;
	long n = 0;

	if (sqlite3_prepare_v2(db, "INSERT OR IGNORE INTO sample (id, t_us, "
			       "wall_skew_us, missed, layout_id, deltas, "
			       "absolutes) VALUES (?1 << 32 | ?2, ?3, ?4, ?5, "
			       "?6, ?7, ?8)", -1, &st, NULL) != SQLITE_OK)
		return error("cannot write '%s': %s", path, sqlite3_errmsg(db));
	while (decode(&p, end, &epoch, &r) == 0) {
		sqlite3_bind_int64(st, 1, r.run_id);
		sqlite3_bind_int64(st, 2, r.seq);
		sqlite3_bind_int64(st, 3, r.t_us);
		sqlite3_bind_int64(st, 4, r.skew_us);
		sqlite3_bind_int64(st, 5, r.missed);
		sqlite3_bind_int64(st, 6, r.layout_id);
		bind_text_or_null(st, 7, r.deltas, r.deltas_len);
		bind_text_or_null(st, 8, r.absolutes, r.abs_len);
		if (sqlite3_step(st) != SQLITE_DONE) {
			error("cannot write '%s': %s", path, sqlite3_errmsg(db));
			n = -1;
			break;
		}
		sqlite3_reset(st);
		n++;
	}
	sqlite3_finalize(st);
	return n;
}

/* Fold one tail file in one transaction, then remove it. */
static long fold_one(sqlite3 *db, const char *db_path, const char *path)
{
	char *buf = NULL;
	size_t cap = 0;
	long len, n;
	/* read-only: flock() needs no write access, and a reader folding
	 * into a database it may write need not own the tail */
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return errno == ENOENT ? 0 :
		       error_errno("cannot read '%s'", path);
	/* a live collector holds its tail: leave it alone */
	if (flock(fd, LOCK_EX | LOCK_NB)) {
		close(fd);
		return 0;
	}
	len = readall_fd(fd, &buf, &cap);
	if (len < 0) {
		n = error_errno("cannot read '%s'", path);
	} else if (sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL)) {
		n = error("cannot write '%s': %s", db_path, sqlite3_errmsg(db));
	} else {
		n = fold_buffer(db, db_path, buf, (size_t)len);
		if (n >= 0 && sqlite3_exec(db, "COMMIT", NULL, NULL, NULL))
			n = error("cannot write '%s': %s", db_path,
				  sqlite3_errmsg(db));
		if (n < 0)
			sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
	}
	/* committed: the tail is no longer needed (a crash before this
	 * line folds it again, which inserts nothing new) */
	if (n >= 0)
		unlink(path);
	free(buf);
	close(fd);
	return n;
}

/*
 * Call visit(path, ctx) for each tail file beside db_path, until one
 * returns < 0 (that value is returned); otherwise the sum of the returns.
 */
static long each_tail(const char *db_path,
		      long (*visit)(const char *path, void *ctx), void *ctx)
{
	const char *slash = strrchr(db_path, '/');
	const char *base = slash ? slash + 1 : db_path;
	size_t dir_len = slash ? (size_t)(slash - db_path) + 1 : 0;
	char dir[4096], prefix[1024];
	struct dirent *de;
	long total = 0;
	DIR *d;

	if (dir_len + 2 > sizeof(dir) ||
	    (size_t)snprintf(prefix, sizeof(prefix), "%s" TAIL_SUFFIX, base) >=
	    sizeof(prefix))
		return 0;
	memcpy(dir, db_path, dir_len);
	dir[dir_len ? dir_len : 1] = 0;
	if (!dir_len)
		dir[0] = '.';
	d = opendir(dir);
	while (d && (de = readdir(d)) && total >= 0) {
		char path[4096];
		long n;

		if (strncmp(de->d_name, prefix, strlen(prefix)) ||
		    (size_t)snprintf(path, sizeof(path), "%.*s%s", (int)dir_len,
				     db_path, de->d_name) >= sizeof(path))
			continue;
		n = visit(path, ctx);
		total = n < 0 ? n : total + n;
	}
	if (d)
		closedir(d);
	return total;
}

struct fold_ctx {
	sqlite3 *db;
	const char *db_path;
};

static long fold_visit(const char *path, void *ctx)
{
	struct fold_ctx *c = ctx;

	return fold_one(c->db, c->db_path, path);
}

long tail_fold_orphans(sqlite3 *db, const char *db_path)
{
	struct fold_ctx c = { db, db_path };

	return each_tail(db_path, fold_visit, &c);
}

/* 1 for a tail that no live collector holds, else 0 */
static long orphan_visit(const char *path, void *ctx)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC), orphan;

	(void)ctx;
	if (fd < 0)
		return 0;
	orphan = !flock(fd, LOCK_SH | LOCK_NB);
	close(fd);
	return orphan;
}

/*
 * A read-write handle on db_path for a reader's fold: never created or
 * migrated, only a vmscope database at this schema version, and a writer's
 * lock waited for at most TAIL_RECOVER_WAIT_MS (a reader should not hang
 * behind an import).  0, or -1 (reported).
 */
static int open_for_fold(const char *db_path, sqlite3 **db)
{
	sqlite3_stmt *st = NULL;
	int ok;

	/* often the process's first SQLite call (rundb_open() folds first) */
	db_configure();
	if (sqlite3_open_v2(db_path, db, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK)
		return *db ? error("cannot write '%s': %s", db_path,
				   sqlite3_errmsg(*db)) :
			     error("cannot write '%s': out of memory", db_path);
	sqlite3_busy_timeout(*db, TAIL_RECOVER_WAIT_MS);
	ok = sqlite3_prepare_v2(*db, "SELECT a.application_id = ?1 AND "
				"v.user_version = ?2 FROM pragma_application_id a, "
				"pragma_user_version v", -1, &st, NULL) == SQLITE_OK &&
	     sqlite3_bind_int(st, 1, DB_APPLICATION_ID) == SQLITE_OK &&
	     sqlite3_bind_int(st, 2, DB_SCHEMA_VERSION) == SQLITE_OK &&
	     sqlite3_step(st) == SQLITE_ROW;
	if (!ok)
		error("cannot read '%s': %s", db_path, sqlite3_errmsg(*db));
	else if (!sqlite3_column_int(st, 0))
		ok = !error("cannot write '%s': not a vmscope database of schema "
			    "version %d", db_path, DB_SCHEMA_VERSION);
	sqlite3_finalize(st);
	return ok ? 0 : -1;
}

void tail_recover(const char *db_path)
{
	long orphans = each_tail(db_path, orphan_visit, NULL), folded = -1;
	sqlite3 *db = NULL;

	/* (a missing database: the open that follows says so) */
	if (orphans <= 0 || access(db_path, F_OK))
		return;
	err_hold(1);
	if (access(db_path, W_OK))
		error_errno("cannot write '%s'", db_path);
	else if (!open_for_fold(db_path, &db))
		folded = tail_fold_orphans(db, db_path);
	sqlite3_close(db);
	err_hold(0);
	if (folded < 0)
		warning("%ld killed run%s samples in '%s" TAIL_SUFFIX
			"*' are not shown: %s", orphans,
			orphans == 1 ? "'s" : "s'", db_path, err_held());
}
