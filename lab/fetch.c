/*
 * fetch.c - kernels by name, fetched with apt-get into a cache (see
 * fetch.h).
 *
 * apt-cache and apt-get are run as programs (fork + execvp, no shell),
 * their output read from a pipe.  An unpack goes to a fresh directory
 * beside the cache entry and is renamed into place only once checked, so
 * an interrupted or failed fetch never leaves an entry that looks whole.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "err.h"
#include "fetch.h"
#include "kernel.h"
#include "banned.h"

#define PREFIX "debian:"

int fetch_is_name(const char *arg)
{
	return !strncmp(arg, PREFIX, strlen(PREFIX));
}

/*
 * Run argv (in cwd if given); its output (stdout, and stderr too with
 * merge) into out, NUL-terminated, truncated at cap.  The exit status, or
 * -1 if it could not run.
 */
static int run_prog(const char *cwd, char *const argv[], int merge,
		    char *out, size_t cap)
{
	int fd[2], status;
	size_t len = 0;
	ssize_t n;
	char junk[4096];
	pid_t pid;

	if (pipe2(fd, O_CLOEXEC))
		return error_errno("cannot run '%s'", argv[0]);
	pid = fork();
	if (pid < 0) {
		close(fd[0]);
		close(fd[1]);
		return error_errno("cannot run '%s'", argv[0]);
	}
	if (pid == 0) {
		int null = open("/dev/null", O_RDWR);

		if (null < 0 || dup2(null, 0) < 0 || dup2(fd[1], 1) < 0 ||
		    dup2(merge ? fd[1] : null, 2) < 0 || (cwd && chdir(cwd)))
			_exit(127);
		execvp(argv[0], argv);
		_exit(127);
	}
	close(fd[1]);
	/* read it all, keeping what fits: the child must not block on a full pipe */
	while ((n = read(fd[0], len + 1 < cap ? out + len : junk,
			 len + 1 < cap ? cap - 1 - len : sizeof(junk))) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			break;
		if (len + 1 < cap)
			len += (size_t)n;
	}
	out[len] = 0;
	close(fd[0]);
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return error_errno("cannot wait for '%s'", argv[0]);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/*
 * `apt-cache depends` of several packages at once (one run: each takes
 * seconds on a busy machine).  Its output is a block per package that
 * exists: the name at the start of a line, then indented dependencies.
 */
static int depends(const char *const *pkgs, int n, char *out, size_t cap)
{
	char *argv[16];
	int i, k = 0;

	argv[k++] = "apt-cache";
	argv[k++] = "depends";
	for (i = 0; i < n && k < 15; i++)
		argv[k++] = (char *)pkgs[i];
	argv[k] = NULL;
	out[0] = 0;
	return run_prog(NULL, argv, 0, out, cap) < 0 ? -1 : 0;
}

/*
 * In depends() output: the first "Depends: linux-image-<digit>..." of pkg
 * into dep; 0 if it has one (a metapackage), 1 if pkg exists without one,
 * -1 if it is not there.
 */
static int image_dependency(const char *out, const char *pkg, char *dep, size_t cap)
{
	const char *p = out, *end;
	size_t n = strlen(pkg);

	dep[0] = 0;
	while (*p && !(!strncmp(p, pkg, n) && p[n] == '\n')) {
		p = strchr(p, '\n');
		p = p ? p + 1 : "";
	}
	if (!*p)
		return -1;
	/* the block: indented lines up to the next package's name */
	for (p += n + 1; *p == ' ' || *p == '|'; p = end + (*end == '\n')) {
		const char *d = strstr(p, "Depends: linux-image-");

		end = p + strcspn(p, "\n");
		if (d && d < end) {
			d += strlen("Depends: ");
			if (d[12] >= '0' && d[12] <= '9') {
				snprintf(dep, cap, "%.*s", (int)strcspn(d, " \n"), d);
				return 0;
			}
		}
	}
	return 1;
}

/* "6.12.117+deb12-cloud-amd64" (a release) rather than "6.12-cloud". */
static int is_release(const char *x)
{
	size_t n = strspn(x, "0123456789.");
	const char *dot = strchr(x, '.');

	/* a release has two dots in its version part: 6.1.0-47, 6.12.117+deb12 */
	return n > 0 && dot && strchr(dot + 1, '.') && strchr(dot + 1, '.') < x + n + 1 &&
	       (x[n] == '-' || x[n] == '+');
}

/*
 * The concrete image package for x ("6.12-cloud", "6.1-rt", "6.1.0-47-amd64"):
 * its name into pkg; -1 if none.
 */
static int resolve(const char *x, char *pkg, size_t cap)
{
	char line[64], flavour[64], meta[2][256], dep[256], want[80], out[32768];
	const char *pkgs[2] = { meta[0], meta[1] };
	size_t n;

	if (is_release(x)) {
		snprintf(pkg, cap, "linux-image-%s", x);
		pkgs[0] = pkg;
		return depends(pkgs, 1, out, sizeof(out)) ||
		       image_dependency(out, pkg, dep, sizeof(dep)) < 0 ? -1 : 0;
	}
	/* "<line>[-<flavour>][-amd64]" */
	n = strcspn(x, "-");
	snprintf(line, sizeof(line), "%.*s", (int)n, x);
	snprintf(flavour, sizeof(flavour), "%s", x[n] ? x + n + 1 : "");
	if (strlen(flavour) >= 5 && !strcmp(flavour + strlen(flavour) - 5, "amd64"))
		flavour[strlen(flavour) - (strlen(flavour) > 5 ? 6 : 5)] = 0;
	if (!line[0] || strspn(line, "0123456789.") != strlen(line))
		return -1;
	/*
	 * the line's own metapackage (linux-image-6.12-cloud-amd64: bookworm's
	 * backports line), else the distribution's (linux-image-cloud-amd64)
	 * if its kernel is of that line
	 */
	snprintf(meta[0], sizeof(meta[0]), "linux-image-%s%s%s-amd64", line,
		 flavour[0] ? "-" : "", flavour);
	snprintf(meta[1], sizeof(meta[1]), "linux-image-%s%samd64", flavour,
		 flavour[0] ? "-" : "");
	snprintf(want, sizeof(want), "linux-image-%s.", line);
	if (depends(pkgs, 2, out, sizeof(out)))
		return -1;
	if (image_dependency(out, meta[0], dep, sizeof(dep)) == 0 ||
	    (image_dependency(out, meta[1], dep, sizeof(dep)) == 0 &&
	     !strncmp(dep, want, strlen(want)))) {
		snprintf(pkg, cap, "%s", dep);
		return 0;
	}
	return -1;
}

/* debian:<line>[-<flavour>] for a metapackage whose image is dep. */
static void short_name(const char *meta, const char *dep, char *x, size_t cap)
{
	const char *rel = dep + strlen("linux-image-");
	const char *fl = meta + strlen("linux-image-");
	size_t vl = strcspn(rel, ".");
	int generic = !strcmp(fl, "amd64");

	if (fl[0] >= '0' && fl[0] <= '9') {
		/* linux-image-6.12-cloud-amd64 -> 6.12-cloud */
		snprintf(x, cap, "%.*s", (int)(strlen(fl) - 6), fl);
		return;
	}
	/* linux-image-cloud-amd64 -> <line of its release>-cloud */
	if (rel[vl] == '.')
		vl += 1 + strspn(rel + vl + 1, "0123456789");
	snprintf(x, cap, "%.*s%s%.*s", (int)vl, rel, generic ? "" : "-",
		 generic ? 0 : (int)(strlen(fl) - 6), fl);
}

/* What exists, for the error on an unknown name. */
static void list_known(void)
{
	char *argv[] = { "apt-cache", "search", "--names-only",
			 "^linux-image-([0-9.]+-)?([a-z]+-)?amd64$", NULL };
	char found[8192], out[32768], dep[256], names[2048] = "", last[256] = "";
	const char *metas[12];
	char *p = found;
	int n = 0, i;
	size_t len = 0;

	if (run_prog(NULL, argv, 0, found, sizeof(found)) != 0)
		return;
	/* "name - description" lines: keep the names */
	while (*p && n < 12) {
		size_t line = strcspn(p, "\n");
		int more = p[line] == '\n';

		p[strcspn(p, " \n")] = 0;
		metas[n++] = p;
		p += line + more;
	}
	if (!n || depends(metas, n, out, sizeof(out)))
		return;
	for (i = 0; i < n; i++) {
		char x[256];

		if (image_dependency(out, metas[i], dep, sizeof(dep)))
			continue;
		short_name(metas[i], dep, x, sizeof(x));
		snprintf(last, sizeof(last), "%s", dep + strlen("linux-image-"));
		len += (size_t)snprintf(names + len, sizeof(names) - len, "%s" PREFIX
					"%s (%s)", len ? ", " : "", x, last);
		if (len >= sizeof(names))
			break;
	}
	if (names[0])
		fprintf(stderr, "%s: kernels that exist: %s; or any release "
			"`apt-cache search linux-image` lists, e.g. " PREFIX "%s\n",
			err_prog(), names, last);
}

int fetch_cache_dir(char *out, size_t cap)
{
	const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");

	if (xdg && xdg[0] == '/')
		snprintf(out, cap, "%s/vmscope", xdg);
	else if (home && home[0])
		snprintf(out, cap, "%s/.cache/vmscope", home);
	else
		return error("no cache directory: set XDG_CACHE_HOME or HOME");
	return 0;
}

/* mkdir -p, for the cache's few levels. */
static int make_dirs(const char *path)
{
	char p[1024], *s;

	snprintf(p, sizeof(p), "%s", path);
	for (s = p + 1; *s; s++)
		if (*s == '/') {
			*s = 0;
			if (mkdir(p, 0755) && errno != EEXIST)
				return error_errno("cannot create '%s'", p);
			*s = '/';
		}
	if (mkdir(p, 0755) && errno != EEXIST)
		return error_errno("cannot create '%s'", p);
	return 0;
}

static int is_dir(const char *p)
{
	struct stat st;

	return !stat(p, &st) && S_ISDIR(st.st_mode);
}

/*
 * Is dir a whole unpack of rel: boot/vmlinuz-<rel> whose setup header says
 * rel, and a module tree (lib/modules/<rel>, or usr/lib/modules on a
 * merged-/usr package)?  The image path into image.
 */
static int verify(const char *dir, const char *rel, char *image, size_t cap, int quiet)
{
	char got[128], mods[1200];

	snprintf(image, cap, "%s/boot/vmlinuz-%s", dir, rel);
	if (access(image, R_OK))
		return quiet ? -1 : error("'%s' is missing from the package", image);
	if (kimage_release(image, got, sizeof(got)))
		return -1;
	if (strcmp(got, rel))
		return error("'%s' is release '%s', not '%s'", image, got, rel);
	snprintf(mods, sizeof(mods), "%s/lib/modules/%s", dir, rel);
	if (!is_dir(mods)) {
		snprintf(mods, sizeof(mods), "%s/usr/lib/modules/%s", dir, rel);
		if (!is_dir(mods))
			return quiet ? -1 : error("the package has no module tree "
						  "lib/modules/%s", rel);
	}
	return 0;
}

static int rm_entry(const char *path, const struct stat *st, int type, struct FTW *f)
{
	(void)st;
	(void)type;
	(void)f;
	return remove(path);
}

/* The .deb apt-get download left in dir. */
static int find_deb(const char *dir, char *deb, size_t cap)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	size_t n;

	deb[0] = 0;
	while (d && (e = readdir(d)))
		if ((n = strlen(e->d_name)) > 4 && !strcmp(e->d_name + n - 4, ".deb"))
			snprintf(deb, cap, "%s/%s", dir, e->d_name);
	if (d)
		closedir(d);
	return deb[0] ? 0 : -1;
}

static void show_output(const char *what, const char *out)
{
	const char *p = out;

	fprintf(stderr, "%s: %s said:\n", err_prog(), what);
	while (*p) {
		size_t n = strcspn(p, "\n");

		fprintf(stderr, "  | %.*s\n", (int)n, p);
		p += n + (p[n] == '\n');
	}
}

/* apt-get download pkg, dpkg -x into work/root, check; then rename to final. */
static int download(const char *pkg, const char *rel, const char *cache,
		    const char *final, char *image, size_t cap)
{
	char work[1100], root[1200], deb[1400], out[8192];
	char *get[] = { "apt-get", "download", (char *)pkg, NULL };
	char *x[] = { "dpkg", "-x", deb, root, NULL };
	int rc = -1;

	snprintf(work, sizeof(work), "%s/.fetch.XXXXXX", cache);
	if (!mkdtemp(work))
		return error_errno("cannot create a directory in '%s'", cache);
	snprintf(root, sizeof(root), "%s/root", work);
	fprintf(stderr, "lab: fetching %s (apt-get download, dpkg -x) into '%s'\n",
		pkg, final);
	if (run_prog(work, get, 1, out, sizeof(out)) != 0 || find_deb(work, deb, sizeof(deb))) {
		show_output("apt-get download", out);
		error("cannot download '%s'", pkg);
	} else if (run_prog(NULL, x, 1, out, sizeof(out)) != 0) {
		show_output("dpkg -x", out);
		error("cannot unpack '%s'", deb);
	} else if (!verify(root, rel, image, cap, 0)) {
		/* another lab may have fetched it meanwhile: theirs is as good */
		if (rename(root, final) && !is_dir(final))
			error_errno("cannot move the kernel into '%s'", final);
		else
			rc = verify(final, rel, image, cap, 0);
	}
	nftw(work, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
	return rc;
}

int fetch_kernel(const char *name, char *image, size_t cap)
{
	const char *x = name + strlen(PREFIX);
	char pkg[256], unsigned_pkg[300], cache[1024], final[1400], out[16384], dep[256];
	const char *rel, *pkgs[1] = { unsigned_pkg };

	if (fetch_cache_dir(cache, sizeof(cache)))
		return -1;
	/* a release already in the cache needs no apt at all */
	snprintf(final, sizeof(final), "%s/linux-image-%s", cache, x);
	if (is_release(x) && !verify(final, x, image, cap, 1))
		return 0;
	if (resolve(x, pkg, sizeof(pkg))) {
		error("no Debian kernel '%s' (apt-cache knows no such package; "
		      "an 'apt-get update' may help)", name);
		list_known();
		return -1;
	}
	rel = pkg + strlen("linux-image-");
	if (make_dirs(cache))
		return -1;
	snprintf(final, sizeof(final), "%s/linux-image-%s", cache, rel);
	if (!verify(final, rel, image, cap, 1))
		return 0;
	if (is_dir(final))
		return error("'%s' holds an incomplete kernel: remove it to fetch "
			     "it again", final);
	/* the same kernel without the signature wrapper, where there is one */
	snprintf(unsigned_pkg, sizeof(unsigned_pkg), "%s-unsigned", pkg);
	if (depends(pkgs, 1, out, sizeof(out)) ||
	    image_dependency(out, unsigned_pkg, dep, sizeof(dep)) < 0)
		snprintf(unsigned_pkg, sizeof(unsigned_pkg), "%s", pkg);
	return download(unsigned_pkg, rel, cache, final, image, cap);
}
