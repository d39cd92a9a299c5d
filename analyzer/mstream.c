/* mstream.c - samples with resolved metrics (see mstream.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "mstream.h"
#include "banned.h"

int metric_stream_open(struct metric_stream *s, sqlite3 *db, const char *path,
		       int64_t run_id)
{
	memset(s, 0, sizeof(*s));
	if (sample_iter_open(&s->it, db, path, run_id))
		return -1;
	s->names = sample_iter_metric_names(&s->it);
	s->delta = malloc((s->it.c.nr ? s->it.c.nr : 1) * sizeof(*s->delta));
	if (!s->names || !s->delta ||
	    metric_set_resolve(&s->set, (const char *const *)s->names, s->it.c.nr))
		return error("out of memory");
	s->resolved = 1;
	return 0;
}

int metric_stream_next(struct metric_stream *s)
{
	int rc = sample_iter_next(&s->it);
	size_t i;

	if (rc == 1)
		for (i = 0; i < s->it.c.nr; i++)
			s->delta[i] = s->it.delta_valid[i] ? s->it.delta[i] : 0;
	return rc;
}

void metric_stream_release(struct metric_stream *s)
{
	if (s->resolved)
		metric_set_release(&s->set);
	sample_iter_free_names(&s->it, s->names);
	free(s->delta);
	sample_iter_release(&s->it);
	memset(s, 0, sizeof(*s));
}

double metric_stream_value(const struct metric_stream *s, enum metric_id m)
{
	int64_t v;

	enum metric_kind k = metric_info[m].kind;

	if (metric_value(&s->set, m, k == COUNTER || k == DEEPEST ?
			 s->delta : s->it.value, &v))
		return NAN;
	return (double)v;
}
