/*
 * detect.c - which format a log is, from its first meaningful line.
 *
 *   "# HELP", "# TYPE", node_*      node_exporter text (openmetrics.c)
 *   "#fact", a ',' in the line      CSV, vmscope's exports (csv.c)
 *   sysstat's magic (binary)        an sa file, read by sadf (sysstat.c)
 *   '{' or '['                      JSON: sysstat's sadf -j (sysstat.c)
 *   anything else                   /proc text logs (text.c), which
 *                                   refuses what it does not know
 */
#include <string.h>

#include "err.h"
#include "import.h"
#include "banned.h"

int import_detect(struct importer *im, struct line_reader *r)
{
	char *line, *p;
	size_t len;
	int n;

	im->line = 0;
	do {
		n = line_reader_next(r, &line, &len);
		if (n < 0)
			return error_errno("cannot read '%s'", im->file);
		if (n == 0)
			return error("%s: no samples in the file%s", im->file,
				     im->line ? " (only blank lines)" : "");
		im->line++;
		if (im->line == 1 && import_is_sa_file(line, len))
			return import_sa_file(im, r);
		p = line + strspn(line, " \t");
	} while (!*p && (size_t)(p - line) == len);
	if (!strncmp(p, "# HELP ", 7) || !strncmp(p, "# TYPE ", 7) ||
	    !strncmp(p, "node_", 5))
		return import_openmetrics(im, r, line, len);
	if (*p == '{' || *p == '[')
		return import_json(im, r, line, len);
	if (strchr(p, ',') || !strncmp(p, "#fact", 5) ||
	    !strncmp(p, "\"#fact\"", 7))
		return import_csv(im, r, line, len);
	im->format = NULL;
	return import_text(im, r, line, len);
}
