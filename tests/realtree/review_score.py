#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""
review_score.py - scores a tasklet-audit JSON report against the blind hand
review in tests/realtree/review-6.1.tsv (issue #12, "a fresh hand review").

For every row of the review it looks the tasklet up by "key" in the report,
takes the tool's class and its mechanism (recommendation.mechanism, written
"bh_workqueue highpri" when recommendation.queue is system_bh_highpri_wq) and
checks them against the reviewer's columns: the class is right when it is one
of the reviewer's '|'-separated classes, the mechanism is acceptable when it is
one of the reviewer's mechanisms.  The baseline rule ("bh_workqueue, highpri
when the tasklet has any tasklet_hi_schedule site") is scored on the same rows,
from the report's site list.  The first of the reviewer's mechanisms is the one
the reviewer prefers; how often the tool and the baseline pick exactly that one
is printed too (it shows where the choice is a real one).

Usage: review_score.py [--write] [--require-class N] [--require-mechanism N]
                       [--quiet] REVIEW.tsv REPORT.json

--write rewrites the tool, agree and baseline columns of REVIEW.tsv in place
(the reviewer's columns and the comment header are kept byte for byte).
--require-* exit with status 1 when fewer rows than N agree.
"""

import argparse
import json
import sys

COLUMNS = ["key", "file:line", "reviewer_class", "reviewer_mechanisms", "why",
	   "tool_class", "tool_mechanism", "class_agree", "mechanism_acceptable",
	   "baseline_mechanism", "baseline_acceptable"]
HIGHPRI_QUEUES = ("system_bh_highpri_wq",)


def read_review(path):
	"""Returns (comment lines, header line, rows as dicts)."""
	comments, header, rows = [], None, []
	with open(path, encoding="utf-8") as f:
		for n, line in enumerate(f, 1):
			line = line.rstrip("\n")
			if header is None and (line.startswith("#") or not line):
				comments.append(line)
				continue
			fields = line.split("\t")
			if header is None:
				if fields != COLUMNS:
					sys.exit("%s:%d: header row is not %s" %
						 (path, n, "\\t".join(COLUMNS)))
				header = line
				continue
			if not line:
				continue
			if len(fields) < 5:
				sys.exit("%s:%d: fewer than 5 columns" % (path, n))
			fields += [""] * (len(COLUMNS) - len(fields))
			rows.append(dict(zip(COLUMNS, fields)))
	if header is None:
		sys.exit("%s: no header row" % path)
	return comments, header, rows


def tool_mechanism(rec):
	"""The recommendation as one token of the review's vocabulary."""
	mech = rec.get("mechanism") or "none"
	queue = rec.get("queue") or ""
	if mech == "bh_workqueue" and queue in HIGHPRI_QUEUES:
		return "bh_workqueue highpri"
	return mech


def has_hi_site(tasklet):
	return any(s.get("api") == "tasklet_hi_schedule"
		   for s in tasklet.get("sites", []))


def score(rows, report):
	by_key = {t["key"]: t for t in report.get("tasklets", [])}
	for row in rows:
		t = by_key.get(row["key"])
		if t is None:
			row["tool_class"] = row["tool_mechanism"] = "missing"
			hi = "highpri" in row["baseline_mechanism"]
		else:
			row["tool_class"] = t.get("class") or "none"
			row["tool_mechanism"] = tool_mechanism(
				t.get("recommendation") or {})
			hi = has_hi_site(t)
		classes = row["reviewer_class"].split("|")
		mechs = row["reviewer_mechanisms"].split("|")
		base = "bh_workqueue highpri" if hi else "bh_workqueue"
		row["class_agree"] = "yes" if row["tool_class"] in classes else "no"
		row["mechanism_acceptable"] = \
			"yes" if row["tool_mechanism"] in mechs else "no"
		row["baseline_mechanism"] = base
		row["baseline_acceptable"] = "yes" if base in mechs else "no"


def write_review(path, comments, header, rows):
	with open(path, "w", encoding="utf-8") as f:
		for c in comments:
			f.write(c + "\n")
		f.write(header + "\n")
		for row in rows:
			f.write("\t".join(row[c] for c in COLUMNS) + "\n")


def main():
	ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
	ap.add_argument("review")
	ap.add_argument("report")
	ap.add_argument("--write", action="store_true",
			help="rewrite the tool/agree/baseline columns of REVIEW")
	ap.add_argument("--require-class", type=int, metavar="N")
	ap.add_argument("--require-mechanism", type=int, metavar="N")
	ap.add_argument("--quiet", action="store_true",
			help="print only the three scores")
	args = ap.parse_args()

	comments, header, rows = read_review(args.review)
	with open(args.report, encoding="utf-8") as f:
		report = json.load(f)
	score(rows, report)

	n = len(rows)
	cls = sum(r["class_agree"] == "yes" for r in rows)
	mech = sum(r["mechanism_acceptable"] == "yes" for r in rows)
	base = sum(r["baseline_acceptable"] == "yes" for r in rows)
	pref = lambda r: r["reviewer_mechanisms"].split("|")[0]
	tool_pref = sum(r["tool_mechanism"] == pref(r) for r in rows)
	base_pref = sum(r["baseline_mechanism"] == pref(r) for r in rows)
	missing = sum(r["tool_class"] == "missing" for r in rows)

	if not args.quiet:
		for r in rows:
			if r["class_agree"] == "yes" and \
			   r["mechanism_acceptable"] == "yes":
				continue
			print("%s\n    class %s (reviewer %s)  mechanism %s "
			      "(reviewer %s)" %
			      (r["key"], r["tool_class"], r["reviewer_class"],
			       r["tool_mechanism"], r["reviewer_mechanisms"]))
	print("tool class right %d/%d" % (cls, n))
	print("tool mechanism acceptable %d/%d" % (mech, n))
	print("baseline acceptable %d/%d" % (base, n))
	print("preferred mechanism: tool %d/%d, baseline %d/%d" %
	      (tool_pref, n, base_pref, n))
	if missing:
		print("keys missing from the report: %d" % missing)

	if args.write:
		write_review(args.review, comments, header, rows)

	ok = True
	if args.require_class is not None and cls < args.require_class:
		print("FAIL: class right %d < %d" % (cls, args.require_class))
		ok = False
	if args.require_mechanism is not None and mech < args.require_mechanism:
		print("FAIL: mechanism acceptable %d < %d" %
		      (mech, args.require_mechanism))
		ok = False
	return 0 if ok else 1


if __name__ == "__main__":
	sys.exit(main())
