#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""
sarif_check.py - checks of tasklet-audit's SARIF logs.

usage: sarif_check.py validate SCHEMA FILE...
       sarif_check.py apply FILE ROOT

validate: every FILE against the SARIF 2.1.0 schema (JSON Schema draft
2020-12, python3-jsonschema); each error is printed as FILE: PATH: MESSAGE.
Exit 0 when all are valid, 1 when one is not, 2 on bad input or when
python3-jsonschema is missing.

apply: apply the fixes of FILE's results to the files under ROOT, which
stands for the SRCROOT base id (inserted "binary" content is decoded to its
bytes).  A fix attached to several results (one
patch for several tasklets) is applied once.  Regions are SARIF text
regions of whole lines: startColumn defaults to 1 and a missing endColumn
to the end of endLine, without its newline.  The replacements of an
artifact change are applied in array order.  Prints the number of fixes
applied; exit 0, 1 when a region lies outside its file, 2 on bad input.
"""
import base64
import json
import os
import sys
import urllib.parse


def die(msg, code=2):
    print('sarif_check.py: ' + msg, file=sys.stderr)
    sys.exit(code)


def load(path):
    try:
        with open(path, encoding='utf-8') as f:
            return json.load(f)
    except (OSError, ValueError) as e:
        die('cannot read %s: %s' % (path, e))


def validate(schema_path, files):
    try:
        import jsonschema
    except ImportError:
        die('python3-jsonschema is not installed (apt-get install python3-jsonschema)')
    schema = load(schema_path)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(
        schema, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER)
    bad = 0
    for path in files:
        errors = sorted(validator.iter_errors(load(path)), key=lambda e: list(e.absolute_path))
        for e in errors[:20]:
            where = '/'.join(str(p) for p in e.absolute_path) or '(root)'
            print('%s: %s: %s' % (path, where, e.message))
        if errors:
            bad += 1
            print('%s: invalid (%d errors)' % (path, len(errors)))
        else:
            print('%s: valid SARIF 2.1.0' % path)
    return 1 if bad else 0


def offset(lines, line, column):
    """Byte offset of (line, column), 1-based, in a list of lines with their newlines."""
    if line < 1 or line > len(lines) + 1:
        raise ValueError('line %d outside a %d-line file' % (line, len(lines)))
    return sum(len(x) for x in lines[:line - 1]) + column - 1


def apply_region(text, region, inserted):
    lines = text.splitlines(keepends=True)
    start_line = region['startLine']
    end_line = region.get('endLine', start_line)
    start = offset(lines, start_line, region.get('startColumn', 1))
    if 'endColumn' in region:
        end = offset(lines, end_line, region['endColumn'])
    else:
        if end_line > len(lines):
            raise ValueError('line %d outside a %d-line file' % (end_line, len(lines)))
        end = offset(lines, end_line, 1) + len(lines[end_line - 1].rstrip('\n'))
    if end < start or end > len(text):
        raise ValueError('region %r outside the file' % region)
    return text[:start] + inserted + text[end:]


def apply(path, root):
    log = load(path)
    seen = set()
    applied = 0
    for run in log.get('runs', []):
        for result in run.get('results', []):
            for fix in result.get('fixes', []):
                ident = json.dumps(fix, sort_keys=True)
                if ident in seen:
                    continue
                seen.add(ident)
                for change in fix['artifactChanges']:
                    loc = change['artifactLocation']
                    if loc.get('uriBaseId') != 'SRCROOT':
                        die('%s: a fix outside SRCROOT: %s' % (path, loc.get('uri')))
                    target = os.path.join(root, urllib.parse.unquote(loc['uri']))
                    with open(target, encoding='utf-8', errors='surrogateescape',
                              newline='') as f:
                        text = f.read()
                    for rep in change['replacements']:
                        content = rep.get('insertedContent', {})
                        inserted = content.get('text', '')
                        if 'binary' in content:
                            inserted = base64.b64decode(content['binary']).decode(
                                'utf-8', errors='surrogateescape')
                        try:
                            text = apply_region(text, rep['deletedRegion'], inserted)
                        except ValueError as e:
                            print('%s: %s' % (target, e), file=sys.stderr)
                            return 1
                    with open(target, 'w', encoding='utf-8', errors='surrogateescape',
                              newline='') as f:
                        f.write(text)
                applied += 1
    print('%d fixes applied' % applied)
    return 0


def main(argv):
    if len(argv) >= 3 and argv[0] == 'validate':
        return validate(argv[1], argv[2:])
    if len(argv) == 3 and argv[0] == 'apply':
        return apply(argv[1], argv[2])
    die(__doc__.strip().split('\n\n')[1])


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
