# embed-templates.awk - plots/*.gp as C strings: plot_templates[] by name.
# usage: awk -f scripts/embed-templates.awk plots/*.gp > build/plots_gp.c
BEGIN {
	print "#include <stddef.h>"
	print "#include \"gp.h\""
	print "const struct plot_template plot_templates[] = {"
}
FNR == 1 {
	if (NR > 1)
		print "},"
	name = FILENAME
	sub(/.*\//, "", name)
	sub(/\.gp$/, "", name)
	printf "{ \"%s\", \"\"\n", name
}
{
	gsub(/\\/, "\\\\")
	gsub(/"/, "\\\"")
	print "\"" $0 "\\n\""
}
END {
	print "}, { NULL, NULL } };"
}
