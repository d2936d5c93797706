#!/usr/bin/env python3
"""Mechanical fixes for the import rules of config/checkstyle/checkstyle.xml, so nobody sorts imports by hand.

usage: config/checkstyle/fix-imports.py FILE.java...

- an inline qualified class name (java.util.TreeSet, io.stackdrift.graph.StopMode) becomes its simple name plus
  an import, unless the simple name is taken (another import, the file's own types, a class of the same
  package); those stay for a person to decide;
- unused and duplicate imports go;
- imports are regrouped as the CustomImportOrder rule wants: static, java/javax, third party, io.stackdrift,
  each group sorted, one blank line between groups.
Files whose import block holds anything but import lines and blank lines are left alone (the script says so).
"""
import os
import re
import sys

QUALIFIED = re.compile(
    r'(?<![\w.])((?:java|javax|jakarta|io|com|org|net|hudson|jenkins)\.(?:[a-z][a-z0-9_]*\.)+)([A-Z]\w*)')
IMPORT = re.compile(r'^import\s+(static\s+)?([\w.]+)\s*;\s*$')


def code_mask(text):
    """Per character: True where the character is code (not inside a comment, string, char or text block)."""
    mask = [True] * len(text)
    i, n = 0, len(text)
    while i < n:
        if text.startswith('//', i):
            j = text.find('\n', i)
            j = n if j < 0 else j
            mask[i:j] = [False] * (j - i)
            i = j
        elif text.startswith('/*', i):
            j = text.find('*/', i + 2)
            j = n if j < 0 else j + 2
            mask[i:j] = [False] * (j - i)
            i = j
        elif text.startswith('"""', i):
            j = text.find('"""', i + 3)
            while j > 0 and text[j - 1] == '\\':
                j = text.find('"""', j + 1)
            j = n if j < 0 else j + 3
            mask[i:j] = [False] * (j - i)
            i = j
        elif text[i] in '"\'':
            quote, j = text[i], i + 1
            while j < n and text[j] != quote and text[j] != '\n':
                j += 2 if text[j] == '\\' else 1
            j = min(n, j + 1)
            mask[i:j] = [False] * (j - i)
            i = j
        else:
            i += 1
    return mask


def order_key(statement):
    static, name = statement
    if static:
        group = 0
    elif name.startswith(('java.', 'javax.')):
        group = 1
    elif name.startswith('io.stackdrift.'):
        group = 3
    else:
        group = 2
    return group, name.split('.')


def fix(path):
    text = open(path, encoding='utf-8').read()
    lines = text.split('\n')
    first = next((i for i, l in enumerate(lines) if IMPORT.match(l)), None)
    package_line = next((i for i, l in enumerate(lines) if l.startswith('package ')), None)
    if package_line is None:
        return False
    package = lines[package_line].split()[1].rstrip(';')
    if first is None:
        first = package_line + 1
        last = package_line
    else:
        last = max(i for i, l in enumerate(lines) if IMPORT.match(l))
        block = lines[first:last + 1]
        if any(l.strip() and not IMPORT.match(l) for l in block):
            print(f'{path}: import block holds more than imports; left alone', file=sys.stderr)
            return False
    imports = []
    for l in lines[first:last + 1]:
        m = IMPORT.match(l)
        if m:
            imports.append((bool(m.group(1)), m.group(2)))
    head = lines[:first]
    body = '\n'.join(lines[last + 1:])

    taken = {}
    for static, name in imports:
        if not static:
            taken[name.rsplit('.', 1)[1]] = name
    own = set(re.findall(r'\b(?:class|interface|enum|record)\s+([A-Z]\w*)', body))
    siblings = {f[:-5] for f in os.listdir(os.path.dirname(path) or '.') if f.endswith('.java')}

    mask = code_mask(body)
    out, pos = [], 0
    for m in QUALIFIED.finditer(body):
        if not mask[m.start()]:
            continue
        qualifier, simple = m.group(1), m.group(2)
        full = qualifier + simple
        target_package = qualifier[:-1]
        if target_package == 'java.lang' or target_package == package:
            replace = simple not in own or target_package == package
            if target_package == 'java.lang' and (simple in taken or simple in own or simple in siblings):
                replace = False
            if target_package == package and simple in taken:
                replace = False
        elif taken.get(simple) == full:
            replace = True
        elif simple in taken or simple in own or simple in siblings:
            replace = False
        else:
            taken[simple] = full
            imports.append((False, full))
            replace = True
        if replace:
            out.append(body[pos:m.start()])
            out.append(simple)
            pos = m.end()
    out.append(body[pos:])
    body = ''.join(out)

    code = ''.join(c if k else ' ' for c, k in zip(body, code_mask(body)))
    kept, seen = [], set()
    for static, name in imports:
        if (static, name) in seen:
            continue
        seen.add((static, name))
        simple = name.rsplit('.', 1)[1]
        word = r'(?<![\w.])' + re.escape(simple) + r'\b'
        javadoc = r'(\{@link(plain)?|@see|@throws|@exception)\s+' + re.escape(simple) + r'\b'
        if simple == '*' or re.search(word, code) or (not static and re.search(javadoc, body)):
            kept.append((static, name))
    kept.sort(key=order_key)
    new_block, group = [], None
    for static, name in kept:
        g = order_key((static, name))[0]
        if group is not None and g != group:
            new_block.append('')
        group = g
        new_block.append(f'import {"static " if static else ""}{name};')
    while head and head[-1] == '':
        head.pop()
    body_lines = body.split('\n')
    while body_lines and body_lines[0] == '':
        body_lines.pop(0)
    result = '\n'.join(head + [''] + (new_block + [''] if new_block else []) + body_lines)
    if result != text:
        open(path, 'w', encoding='utf-8').write(result)
        return True
    return False


if __name__ == '__main__':
    changed = [p for p in sys.argv[1:] if fix(p)]
    print(f'{len(changed)} of {len(sys.argv) - 1} files changed', file=sys.stderr)
