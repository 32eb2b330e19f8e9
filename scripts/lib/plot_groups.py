"""How plot.py tells designs apart, whoever wrote them: colours and the shard-scaling series.

Kept apart from plot.py (which needs matplotlib) so that it can be tested with a bare python3.

Colours. The built-in designs keep the colours they always had (BUILT_IN_COLOURS). Any other design name,
such as a user's `image-reentrant`, gets a colour of DESIGN_PALETTE chosen from the name alone (its CRC-32),
so the same design has the same colour in every chart and every run, whatever else is plotted; when two
names of one chart would share a colour, the one later in sorted order takes the next free colour of the
palette, so a chart never shows two designs alike while the palette lasts (ten colours beside the built-in
four).

Shard scaling. A design built from parts prints its variants as NAME(N), N its shard count (the `sharded`
trait of cachebench's design API): `sharded(8)`, a user's `image-sharded(4)`. Every design whose variant
names carry a shard count at two or more counts gets a series per decode placement; nothing depends on
the design being called `sharded`.
"""

import re
import zlib
from collections import OrderedDict

BUILT_IN_COLOURS = {
    "naive": "#d62728",
    "coalescing": "#1f77b4",
    "sharded": "#2ca02c",
    "mutex": "#9467bd",
}
# Colours for every other design: tab10 without the built-ins' four and its grey (the colour of a variant
# without one), then darker tones of tab20b, none of them close to a built-in's.
DESIGN_PALETTE = [
    "#ff7f0e",
    "#8c564b",
    "#e377c2",
    "#bcbd22",
    "#17becf",
    "#393b79",
    "#637939",
    "#8c6d31",
    "#843c39",
    "#7b4173",
]

SHARDED_NAME = re.compile(r"^(?P<design>.+)\((?P<shards>[0-9]+)\)$")


def preferred_colour(design):
    """The palette colour of a design that is not built in, from its name alone."""
    return DESIGN_PALETTE[zlib.crc32(design.encode("utf-8")) % len(DESIGN_PALETTE)]


def design_colours(designs):
    """A colour for each distinct design of `designs`: the built-in colour, or its preferred palette
    colour, moved to the next free one when a design earlier in sorted order already took it."""
    colours = {}
    taken = set()
    for design in sorted(set(designs)):
        if design in BUILT_IN_COLOURS:
            colours[design] = BUILT_IN_COLOURS[design]
            taken.add(colours[design])
    for design in sorted(set(designs) - set(colours)):
        start = DESIGN_PALETTE.index(preferred_colour(design))
        colour = DESIGN_PALETTE[start]
        for step in range(len(DESIGN_PALETTE)):
            candidate = DESIGN_PALETTE[(start + step) % len(DESIGN_PALETTE)]
            if candidate not in taken:
                colour = candidate
                break
        colours[design] = colour
        taken.add(colour)
    return colours


def sharded_name(name):
    """(design, shards) of a variant named NAME(N), else None."""
    match = SHARDED_NAME.match(name)
    if not match:
        return None
    return match.group("design"), int(match.group("shards"))


def shard_series(variants, metric="throughput"):
    """The shard-scaling series of `variants` (objects with `name`, `decode`, `metric(name)` and, when
    known, `concurrency`): {design: {(decode, concurrency): {shards: [variant, ...]}}}, designs in order of
    first appearance, for every design whose variant names carry a shard count, that has `metric`, at two
    or more counts. Cells of one sweep at different concurrencies are separate series, never averaged
    together as if they were repeated runs; a variant whose concurrency is unknown has None."""
    by_design = OrderedDict()
    for variant in variants:
        parsed = sharded_name(variant.name)
        if parsed is None or variant.metric(metric) is None:
            continue
        design, shards = parsed
        series = (variant.decode, getattr(variant, "concurrency", None))
        by_design.setdefault(design, OrderedDict()).setdefault(series, OrderedDict())
        by_design[design][series].setdefault(shards, []).append(variant)
    return OrderedDict(
        (design, by_decode)
        for design, by_decode in by_design.items()
        if len({shards for by_shards in by_decode.values() for shards in by_shards}) >= 2
    )
