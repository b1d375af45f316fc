#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""The hostile names of tests/edges-render.t, one table for the generator
and the checks.  Each is a test name of its own comparison; the first
WHOLE are also its kernel, unit, metric and reason, so that every
column of every format holds one."""
import re

NAMES = [
    'a|b', '`x`', '``y``', '<img src=x onerror=alert(1)>',
    '[x](javascript:alert(1))', '![i](http://e/x.png)',
    '=HYPERLINK("http://e")', '+cmd', '-1+1', '@SUM(A1)', '\tTAB', '\rCR',
    'x\u202egnp.exe', 'a.b@evil.example',
    'a\r\nb', 'a\nb|c', '\x1b[2Jclear', '\u009b2Jcsi', 'q"uote', "s'q",
    ']]>x', '&amp;x', 'http://evil.example/x', 'www.evil.example',
    '\x01\x02\x7fctl', '\ufffex', '-5.2', '<!--x-->', '*em*_u_~s~',
    '# h', '> q', '\bBS', 'a\u200bb\u200fc\ufeff',
    '\u2066iso\u2069\u2028ls', 'tag\U000e0041', 'mailto:x@y.example',
]
WHOLE = 14

# characters no one sees that change what is seen: bidi controls, zero
# widths, line and paragraph separators, tags (kp_unseen, lib/die.c)
UNSEEN = re.compile('[\u00ad\u061c\u180e\u200b\u200c\u200e\u200f\u2028-\u202e'
                    '\u2060-\u206f\ufeff\ufff9-\ufffb\U000e0000-\U000e007f]')


def shown(s):
    """s with each unseen character as <U+XXXX>, as every format for a
    reader shows it (kp-render(1))"""
    return UNSEEN.sub(lambda m: '<U+%04X>' % ord(m.group()), s)


def visible_md(s):
    """what a Markdown renderer shows of s: controls, DEL and C1 as
    spaces, unseen characters as <U+XXXX> (kp-render(1))"""
    return ''.join(' ' if ord(c) < 0x20 or 0x7f <= ord(c) <= 0x9f else c for c in shown(s))
