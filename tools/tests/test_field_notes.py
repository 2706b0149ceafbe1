"""Unit tests of the field summary's notes (tools/hashbench/report/field.py): a note
several rows share is stated once under the table.

Run:  /usr/bin/python3 -m unittest discover -s tools/tests -v
"""

import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from hashbench.report.field import _notes_cells  # noqa: E402
from hashbench.report.render_markdown import render_block  # noqa: E402


def notes_cells(rows_notes):
    """_notes_cells with the shared notes as the Markdown under the table."""
    cells, shared = _notes_cells(rows_notes)
    return cells, "\n\n".join(render_block(b) for b in shared)

CPU = ("not measured", "not measured: this CPU cannot run it (avx512 (AVX512F AVX512BW AVX512VL): "
       "not supported by this CPU, which lacks AVX512F)")
KAT_SKIP = ("KAT SKIP", "KAT SKIP (not run: avx512: not supported by this CPU, which lacks AVX512F)")
NOT_RUN = ("KAT not run", "KAT not run")


class SharedNotes(unittest.TestCase):
    def test_a_note_of_one_row_stays_in_it(self):
        cells, shared = notes_cells([[CPU], [], [NOT_RUN]])
        self.assertEqual(cells, [CPU[1], "–", "KAT not run"])
        self.assertEqual(shared, "")

    def test_a_note_of_several_rows_is_stated_once(self):
        cells, shared = notes_cells([[KAT_SKIP, CPU], [KAT_SKIP, CPU], [NOT_RUN], [KAT_SKIP, CPU]])
        self.assertEqual(cells, ["KAT SKIP (a); not measured (b)"] * 2 + ["KAT not run", "KAT SKIP (a); not measured (b)"])
        self.assertEqual(shared, "Notes shared by several rows:\n\n- (a) 3 rows: %s\n- (b) 3 rows: %s"
                         % (KAT_SKIP[1], CPU[1]))

    def test_a_note_that_is_its_head_alone_is_never_lettered(self):
        cells, shared = notes_cells([[NOT_RUN], [NOT_RUN]])
        self.assertEqual(cells, ["KAT not run", "KAT not run"])
        self.assertEqual(shared, "")


if __name__ == "__main__":
    unittest.main()
