#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""The hostile names of tests/edges-render.t, one table for the generator
and the checks.  Each is a test name of its own comparison; the first
dozen are also its kernel, unit, metric and reason, so that every
column of every format holds one."""

NAMES = [
    'a|b', '`x`', '``y``', '<img src=x onerror=alert(1)>',
    '[x](javascript:alert(1))', '![i](http://e/x.png)',
    '=HYPERLINK("http://e")', '+cmd', '-1+1', '@SUM(A1)', '\tTAB', '\rCR',
    'a\r\nb', 'a\nb|c', '\x1b[2Jclear', '\u009b2Jcsi', 'q"uote', "s'q",
    ']]>x', '&amp;x', 'http://evil.example/x', 'www.evil.example',
    '\x01\x02\x7fctl', '\ufffex', '-5.2', '<!--x-->', '*em*_u_~s~',
    '# h', '> q', 'nul\u0000byte',
]


def visible_md(s):
    """what a Markdown renderer shows of s: controls, DEL and C1 as
    spaces (kp-render(1))"""
    return ''.join(' ' if ord(c) < 0x20 or 0x7f <= ord(c) <= 0x9f else c for c in s)
