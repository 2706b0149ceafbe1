"""The report model: what a page says, without the syntax of any output.

A Page is a list of blocks (Heading, Paragraph, BulletList, CodeBlock,
Table, Figure); the text of a Paragraph, list item or table cell is a tuple
of inline runs (Text, Code, Link, Emphasis, Strong). The content builders
(sections, summary, field, site) make these values; render_markdown and
render_html turn the same values into the committed Markdown pages and the
static site, so the two never say different things.

A table cell keeps its display runs and a raw value to sort by (MB/s as a
float, None for '–'); a column says which end of its values a reader wants
first (`better`), and a row may carry facets (candidate, width, variant, …)
that an interactive renderer offers as filters. A Figure holds the data of
its plot; plots.py draws it as PNG or SVG.
"""

from dataclasses import dataclass
from typing import Optional, Tuple, Union

# -- inline runs ---------------------------------------------------------------


@dataclass(frozen=True)
class Text:
    text: str


@dataclass(frozen=True)
class Code:
    """A code span: a name, a path, a command, a digest."""
    text: str


@dataclass(frozen=True)
class Link:
    """target: a path relative to the page as the Markdown report has it
    ('hash-26-CHIME.md', '../../../docs/method.md'); an HTML renderer maps it
    to its own pages."""
    target: str
    runs: tuple


@dataclass(frozen=True)
class Emphasis:
    runs: tuple


@dataclass(frozen=True)
class Strong:
    runs: tuple


Inline = Union[Text, Code, Link, Emphasis, Strong]


def inline(*parts):
    """The runs of parts: a str is a Text ('' is dropped), a run itself, a
    tuple or list of parts flattened; adjacent Texts are merged so that two
    builders of one sentence give equal values."""
    runs = []

    def add(part):
        if isinstance(part, str):
            if not part:
                return
            if runs and isinstance(runs[-1], Text):
                runs[-1] = Text(runs[-1].text + part)
            else:
                runs.append(Text(part))
        elif isinstance(part, (tuple, list)):
            for p in part:
                add(p)
        elif isinstance(part, Text):
            add(part.text)
        elif isinstance(part, (Code, Link, Emphasis, Strong)):
            runs.append(part)
        else:
            raise TypeError("not an inline run: %r" % (part,))

    add(parts)
    return tuple(runs)


def plain(runs):
    """The words of runs without their markup: for alt text, sort keys and
    comparisons."""
    out = []
    for run in runs:
        if isinstance(run, (Text, Code)):
            out.append(run.text)
        else:
            out.append(plain(run.runs))
    return "".join(out)


def join(parts, separator=", "):
    """The runs of each part (a str or runs) with separator between them."""
    out = []
    for i, part in enumerate(parts):
        if i:
            out.append(separator)
        out.append(part)
    return inline(out)


# -- blocks --------------------------------------------------------------------


@dataclass(frozen=True)
class Heading:
    level: int
    text: str


@dataclass(frozen=True)
class Paragraph:
    runs: tuple


def paragraph(*parts):
    """A Paragraph of parts (as inline()), or None when they say nothing."""
    runs = inline(parts)
    return Paragraph(runs) if runs else None


@dataclass(frozen=True)
class BulletList:
    items: Tuple[tuple, ...]  # the runs of each item


@dataclass(frozen=True)
class CodeBlock:
    """Lines to type or read as they are (a shell command)."""
    text: str
    language: str = ""


@dataclass(frozen=True)
class Column:
    """key: a stable name for scripts and tests ('cycles_65536');
    align: 'left' for words, 'right' for figures; better: 'lower' or 'higher'
    where the values rank (cycles: lower is faster), else None."""
    key: str
    header: str
    align: str = "left"
    better: Optional[str] = None


@dataclass(frozen=True)
class Cell:
    runs: tuple
    value: object  # what to sort by: a number, a str, or None for no figure


def cell(*parts, value=Ellipsis):
    """A cell of parts (as inline()); its sort value is its text unless given."""
    runs = inline(parts)
    return Cell(runs, plain(runs) if value is Ellipsis else value)


@dataclass(frozen=True)
class Row:
    cells: Tuple[Cell, ...]
    facets: Tuple[Tuple[str, str], ...] = ()  # (facet key, value) to filter by


@dataclass(frozen=True)
class Facet:
    """A property of the rows a reader may filter by ('width', 'digest width')."""
    key: str
    label: str


@dataclass(frozen=True)
class Table:
    columns: Tuple[Column, ...]
    rows: Tuple[Row, ...]
    notes: tuple = ()            # blocks that belong under the table
    facets: Tuple[Facet, ...] = ()
    key: str = ""                # names the table for scripts ('field')


def table(columns, rows, notes=(), facets=(), key=""):
    """A Table of Column values (a str is a left-aligned column keyed by its
    header) and rows of cells (a str or runs is a cell of its text), or of
    Row values."""
    cols = tuple(c if isinstance(c, Column) else Column(c, c) for c in columns)
    out = []
    for row in rows:
        if not isinstance(row, Row):
            row = Row(tuple(c if isinstance(c, Cell) else cell(c) for c in row))
        if len(row.cells) != len(cols):
            raise ValueError("a row of %d cells in a table of %d columns" % (len(row.cells), len(cols)))
        out.append(row)
    return Table(cols, tuple(out), tuple(notes), tuple(facets), key)


@dataclass(frozen=True)
class Series:
    """One line of a LineChart. role: 'instance', 'baseline' or 'ratio
    baseline'; colour and style: the line's slots in the renderer's palettes
    (an instance's colour is its place in the family, its style its
    variant's; a baseline's both are its place among the run's baselines)."""
    label: str
    points: Tuple[Tuple[float, float], ...]
    role: str
    colour: int
    style: int


@dataclass(frozen=True)
class LineChart:
    """Both axes logarithmic; x_ticks the values labelled on x."""
    x_label: str
    y_label: str
    x_ticks: Tuple[int, ...]
    series: Tuple[Series, ...]


@dataclass(frozen=True)
class Bar:
    label: str
    value: float
    role: str  # 'library' or 'baseline'


@dataclass(frozen=True)
class BarChart:
    """Horizontal bars on a logarithmic axis, in the order given (top first)."""
    x_label: str
    bars: Tuple[Bar, ...]


@dataclass(frozen=True)
class Figure:
    """name: the file name of its rendering without the suffix
    ('hash-26-CHIME-cpb'); alt: the words that stand for it."""
    name: str
    alt: str
    title: str
    chart: Union[LineChart, BarChart]


@dataclass(frozen=True)
class Page:
    """name: the file name without suffix ('hash-26-CHIME', 'summary')."""
    name: str
    title: str
    blocks: tuple


def page(name, title, *blocks):
    """A Page of the blocks given, None and nested lists of blocks allowed
    (an optional part is a block or None)."""
    out = []

    def add(block):
        if block is None:
            return
        if isinstance(block, (list, tuple)):
            for b in block:
                add(b)
        else:
            out.append(block)

    add(blocks)
    return Page(name, title, tuple(out))
