#!/usr/bin/env python3
"""Generates prelude/array.rb: Array's copies of Enumerable methods with
`|v|` block parameters instead of `|*a|` + packing (see the file header).
Run from anywhere: python3 tools/gen_array_prelude.py"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
s = open(os.path.join(ROOT, 'prelude/enumerable.rb')).read()
names=['inject','all?','any?','none?','one?','partition','find','filter_map','flat_map','tally','min_by','max_by','minmax_by','group_by','each_with_object','each_slice','each_cons','sort_by','zip']
out=[]
for name in names:
    m=re.search(r'^  def '+re.escape(name)+r'(?=[\s(]).*?^  end\n', s, re.M|re.S)
    t=m.group(0)
    t=re.sub(r'each do \|\*a\|\n(\s+)v = a\.size > 1 \? a : a\[0\]\n', 'each do |v|\n', t)
    t=re.sub(r'each do \|\*a\|\n(\s+)row = \[a\.size > 1 \? a : a\[0\]\]', lambda mm: 'each do |v|\n'+mm.group(1)+'row = [v]', t)
    t=re.sub(r'each do \|\*a\|\n(\s+)i = a\.size > 1 \? a : a\[0\]\n(\s+)vi = a\.empty\? \? yield : yield\(i\)', lambda mm: 'each do |i|\n'+mm.group(2)+'vi = yield(i)', t)
    t=t.replace('(a.empty? ? yield : yield(v))','yield(v)').replace('a.empty? ? yield : yield(v)','yield(v)')
    t=t.replace('each { |*a| yield(a.size > 1 ? a : a[0], memo) }','each { |v| yield(v, memo) }')
    t=re.sub(r'\|\*a\|((?:(?!\|\*a\|).)*?)\(a\.size > 1 \? a : a\[0\]\)', lambda mm: '|v|'+mm.group(1)+'v', t, flags=re.S)
    t=re.sub(r'\|\*a\|((?:(?!\|\*a\|).)*?)yield\(\*a\)', lambda mm: '|v|'+mm.group(1)+'yield(v)', t, flags=re.S)
    if name in ('all?', 'any?', 'none?', 'one?'):
        # One block, every use of the packed value spelled out.
        t=t.replace('each do |*a|', 'each do |v|').replace('(a.size > 1 ? a : a[0])', 'v')
        t=t.replace('a.size > 1 ? a : a[0]', 'v').replace('yield(*a)', 'yield(v)')
    bad=re.findall(r'\ba\.(size|empty)|\*a\b|\ba\[0\]', t)
    if bad:
        sys.exit(f"gen_array_prelude: {name}: could not rewrite {bad}")
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
open(os.path.join(ROOT, 'prelude/array.rb'), 'w').write(hdr+"\n".join(out)+"end\n")
