#!/usr/bin/env python3
"""Replace the generated opcode table in docs/ir.md with `pony-ir --opcodes` output.

usage: ir_update_docs.py <path to pony-ir> <path to docs/ir.md>
"""
import subprocess
import sys

BEGIN = '<!-- BEGIN OPCODE TABLE'
END = '<!-- END OPCODE TABLE -->\n'


def main():
    tool, doc = sys.argv[1], sys.argv[2]
    table = subprocess.run([tool, '--opcodes'], check=True, capture_output=True,
                           text=True).stdout
    with open(doc) as f:
        text = f.read()
    start = text.index(BEGIN)
    end = text.index(END) + len(END)
    with open(doc, 'w') as f:
        f.write(text[:start] + table + text[end:])


if __name__ == '__main__':
    main()
