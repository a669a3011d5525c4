#!/usr/bin/env python3
"""Generates prelude/array.rb: Array's copies of Enumerable methods with
`|v|` block parameters instead of `|*a|` + packing (see the file header),
plus the Array-only changes listed in ARRAY_ONLY.
Run from anywhere: python3 tools/gen_array_prelude.py
With --check (CI): writes nothing, fails when prelude/array.rb differs from
what it would write (someone edited the generated file, or Enumerable
changed and nobody regenerated)."""
import difflib
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TARGET = os.path.join(ROOT, 'prelude/array.rb')
s = open(os.path.join(ROOT, 'prelude/enumerable.rb')).read()
# (inject, min_by, max_by, group_by, each_with_object, each_slice, all?,
# any?, none? and one? are native: src/builtins/array/iter.rs.)
names=['partition','find','filter_map','flat_map','tally','minmax_by','each_cons','sort_by','zip']

# Changes only Array can take (its receiver is an Array, its each yields
# one value), applied after the |v| rewrite: (method, text, replacement),
# each text found exactly once in that method.
ARRAY_ONLY = [
    # Arrays zipped without a block: rows built natively (rb_ary_zip).
    ('zip', '''    result = block_given? ? nil : []
    index = 0
''', '''    return RubyVM::Prelude.zip_rows(self, arrays) unless block_given?
    result = nil
    index = 0
'''),
]

out=[]
for name in names:
    m=re.search(r'^  def '+re.escape(name)+r'(?=[\s(]).*?^  end\n', s, re.M|re.S)
    if not m:
        sys.exit(f"gen_array_prelude: Enumerable#{name} not found in prelude/enumerable.rb")
    t=m.group(0)
    t=re.sub(r'each do \|\*a\|\n(\s+)v = a\.size > 1 \? a : a\[0\]\n', 'each do |v|\n', t)
    t=re.sub(r'each do \|\*a\|\n(\s+)row = \[a\.size > 1 \? a : a\[0\]\]', lambda mm: 'each do |v|\n'+mm.group(1)+'row = [v]', t)
    t=re.sub(r'each do \|\*a\|\n(\s+)i = a\.size > 1 \? a : a\[0\]\n(\s+)vi = a\.empty\? \? yield : yield\(i\)', lambda mm: 'each do |i|\n'+mm.group(2)+'vi = yield(i)', t)
    t=t.replace('(a.empty? ? yield : yield(v))','yield(v)').replace('a.empty? ? yield : yield(v)','yield(v)')
    t=t.replace('each { |*a| yield(a.size > 1 ? a : a[0], memo) }','each { |v| yield(v, memo) }')
    t=re.sub(r'\|\*a\|((?:(?!\|\*a\|).)*?)\(a\.size > 1 \? a : a\[0\]\)', lambda mm: '|v|'+mm.group(1)+'v', t, flags=re.S)
    t=re.sub(r'\|\*a\|((?:(?!\|\*a\|).)*?)yield\(\*a\)', lambda mm: '|v|'+mm.group(1)+'yield(v)', t, flags=re.S)
    bad=re.findall(r'\ba\.(size|empty)|\*a\b|\ba\[0\]', t)
    if bad:
        sys.exit(f"gen_array_prelude: {name}: could not rewrite {bad}")
    for method, old, new in ARRAY_ONLY:
        if method == name:
            if t.count(old) != 1:
                sys.exit(f"gen_array_prelude: {name}: the Array-only change's text is not there once:\n{old}")
            t=t.replace(old, new)
    out.append(t)
hdr='''# frozen_string_literal: true
#
# Array's copies of the Enumerable methods it does not implement natively.
# GENERATED from prelude/enumerable.rb by tools/gen_array_prelude.py: edit
# Enumerable, then regenerate. Array#each yields exactly one value per
# element, so these take `|v|` where Enumerable must take `|*a|` and pack
# the values (an Array allocation and three sends per element).
class Array
'''
text = hdr+"\n".join(out)+"end\n"
if sys.argv[1:] == ['--check']:
    have = open(TARGET).read()
    if have != text:
        diff = difflib.unified_diff(have.splitlines(True), text.splitlines(True),
                                    'prelude/array.rb', 'generated')
        sys.stderr.write(''.join(diff))
        sys.exit("prelude/array.rb differs from what tools/gen_array_prelude.py generates: "
                 "edit prelude/enumerable.rb (or ARRAY_ONLY in the generator) and regenerate")
elif sys.argv[1:]:
    sys.exit("usage: tools/gen_array_prelude.py [--check]")
else:
    open(TARGET, 'w').write(text)
