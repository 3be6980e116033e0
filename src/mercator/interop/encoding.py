"""Fixed-length observation vectors built from ``state.view(seat)``.

An encoder reads only the JSON view of one seat, which the engine already strips of every other
seat's secrets (hands, hidden simultaneous choices, deck order), so an observation can never leak
more than the seat may know. Each encoder writes named fields through a :class:`Writer`; the
field layout (name, offset, size, meaning) is the documentation of the vector and is exposed as
``encoder.fields`` (and as OpenSpiel's observer ``dict``).

Values are exact: counts and amounts are written as they are, flags and one-hots as 0/1, so
every value is an integer well inside float32's exact range (|x| < 2**24).

Bounds: each written encoder's ``bounds()`` gives every field that is not a 0/1 flag its (low,
high), taken from the game's content and rules (card and piece counts, tracks, prices, ships'
holds); ``field_bounds`` spreads them into the per-value arrays of the observation Box, and
``normalize`` maps into [0, 1] by them. Quantities the rules leave unlimited (gold, fame,
coins) get a *soft* ceiling named in the encoder, from a rule constant where one exists; a
value beyond it is possible in principle (never seen in random or bot play) and clips to 1
when normalised.

The view-based ``encode(view)`` is the reference. A written encoder may add the fast path
``fill(buf, wide, state, seat)``, used by ``encode_state(state, seat)``: it reads the game state
directly and must read only what ``view(seat)`` shows, producing exactly the same vector (the tests
compare the two at every step of random games). It writes small non-negative integers into a
``bytearray`` (one byte per value: item assignment is Python's cheapest store, and one numpy call
turns it into float32) and values that may be negative or large as (index, value) pairs in
``wide``; a value that does not fit a byte raises ValueError and that state falls back to the view.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Protocol

import numpy as np

from mercator.engine.registry import GameInfo

BOUND = float(2**24)  # float32 represents every integer up to here exactly: the generic encoder's bound
FLAG = (0.0, 1.0)

Bounds = dict[str, tuple[float, float | list[float]]]  # a high per value where a field's values differ


@dataclass(frozen=True)
class Field:
    name: str
    offset: int
    size: int
    doc: str
    kind: str = "vector"  # how the Writer wrote it: scalar, vector, onehot or multihot (bounds.py reads it)


class Writer:
    """Writes named fields into a sparse (index, value) list; ``record=True`` also records the
    layout. Encoders call it the same way in both modes; only nonzero values cost anything."""

    __slots__ = ("pos", "idx", "val", "fields", "record")

    def __init__(self, record: bool = False) -> None:
        self.pos = 0
        self.idx: list[int] = []
        self.val: list[float] = []
        self.fields: list[Field] = []
        self.record = record

    def _advance(self, name: str, size: int, doc: str, kind: str) -> None:
        if self.record:
            self.fields.append(Field(name, self.pos, size, doc, kind))
        self.pos += size

    def scalar(self, name: str, value: Any, doc: str = "") -> None:
        if value:
            self.idx.append(self.pos)
            self.val.append(float(value))
        self._advance(name, 1, doc, "scalar")

    def vector(self, name: str, values: Sequence[Any], doc: str = "") -> None:
        pos = self.pos
        for i, v in enumerate(values):
            if v:
                self.idx.append(pos + i)
                self.val.append(float(v))
        self._advance(name, len(values), doc, "vector")

    def onehot(self, name: str, index: int | None, size: int, doc: str = "") -> None:
        """``index`` None (or out of range) leaves the field all zero."""
        if index is not None and 0 <= index < size:
            self.idx.append(self.pos + index)
            self.val.append(1.0)
        self._advance(name, size, doc, "onehot")

    def multihot(self, name: str, items: Iterable[int | None], size: int, doc: str = "",
                 values: Iterable[float] | None = None) -> None:
        """Count every item at its position (or set the matching value instead); like ``onehot``, an item
        None (no seat, see ``rel``) or out of range sets nothing."""
        acc: dict[int | None, float] = {}
        if values is None:
            for i in items:
                acc[i] = acc.get(i, 0.0) + 1.0
        else:
            for i, v in zip(items, values, strict=True):
                acc[i] = float(v)
        pos = self.pos
        for i, v in acc.items():
            if i is not None and 0 <= i < size and v:
                self.idx.append(pos + i)
                self.val.append(v)
        self._advance(name, size, doc, "multihot" if values is None else "vector")


def mark_seats(buf: bytearray, offset: int, seats: Iterable[int], me: int, n: int) -> None:
    """Set 1 at each seat's place relative to ``me`` (0: the observer) in the block at ``offset``."""
    for s in seats:
        buf[offset + (s - me) % n] = 1


@lru_cache(maxsize=1 << 16)
def bits(mask: int) -> tuple[int, ...]:
    """The set bits of ``mask``, lowest first (the fast paths' bit-mask fields; masks repeat a lot)."""
    return tuple(b for b in range(mask.bit_length()) if mask >> b & 1)


@lru_cache(maxsize=1 << 16)
def bit_bytes(mask: int, size: int) -> bytes:
    """``size`` bytes, 1 where ``mask`` has its bit set: a bit-mask field written as one slice."""
    return bytes(mask >> b & 1 for b in range(size))


class Encoder(Protocol):
    """What the interfaces need from an encoder."""

    name: str
    size: int
    fields: list[Field]

    def encode(self, view: dict[str, Any]) -> np.ndarray: ...

    def encode_state(self, state: Any, seat: int | None) -> np.ndarray: ...


def block_name(name: str) -> str:
    """A field's name with a seat block's ``pK.`` written ``p.``: one bound covers every seat."""
    head, dot, rest = name.partition(".")
    return "p." + rest if dot and head[:1] == "p" and head[1:].isdigit() else name


def field_bounds(encoder: Any) -> tuple[np.ndarray, np.ndarray]:
    """Per-value (low, high) float32 arrays of ``encoder``'s vector: its ``bounds()`` table by field
    (seat blocks as ``p.x``), one-hot and multi-hot fields 0..1 unless the table says otherwise. An
    encoder without ``bounds`` (the generic one) is bounded only by float32's exact range."""
    size = encoder.size
    table: Bounds | None = encoder.bounds() if hasattr(encoder, "bounds") else None
    if table is None:
        return np.full(size, -BOUND, np.float32), np.full(size, BOUND, np.float32)
    low, high = np.zeros(size, np.float32), np.zeros(size, np.float32)
    for f in encoder.fields:
        bound = table.get(block_name(f.name))
        if bound is None:
            if f.kind not in ("onehot", "multihot"):
                raise KeyError(f"{encoder.name} encoder gives no bound for field {f.name} ({f.doc})")
            bound = FLAG
        low[f.offset:f.offset + f.size], high[f.offset:f.offset + f.size] = bound
    return low, high


class Normalizer:
    """Maps an encoder's vectors into [0, 1] by its field bounds (a value past a soft ceiling clips)."""

    def __init__(self, encoder: Any) -> None:
        if not hasattr(encoder, "bounds"):
            raise ValueError(f"normalize needs an encoder with bounds; the {encoder.name} encoder has none")
        self.low, high = field_bounds(encoder)
        span = high - self.low
        self.scale = np.divide(1.0, span, out=np.zeros_like(span), where=span > 0).astype(np.float32)

    def __call__(self, x: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
        y = np.subtract(x, self.low, out=out)
        y *= self.scale
        return np.clip(y, 0.0, 1.0, out=y)


def encode_observation(encoder: Any, state: Any, seat: int | None) -> np.ndarray:
    """``encoder``'s vector of ``state`` for ``seat``: its fast path, or the view for an encoder (a game's
    plug-in written before the fast path) that has only ``encode``."""
    fast = getattr(encoder, "encode_state", None)
    return fast(state, seat) if fast is not None else encoder.encode(state.view(seat))


class WriterEncoder:
    """Base for hand-written encoders: subclasses implement ``write(w, view)``, which must write
    the same fields in the same order for every view of the game (padding absent items)."""

    name = "custom"

    def __init__(self, info: GameInfo, players: int, options: dict[str, Any] | None = None) -> None:
        self.info = info
        self.players = players
        self.max_seats = max(info.player_counts)
        probe = info.new(players, seed=0, options=options)
        w = Writer(record=True)
        self.write(w, probe.view(0))
        self.fields = w.fields
        self.size = w.pos
        self.at = {f.name: f.offset for f in self.fields}
        self.end = {f.name: f.offset + f.size for f in self.fields}
        # per-seat blocks p0.*, p1.* ... repeat one layout: p{k}.x is at at["p0.x"] + k * stride
        self.stride = self.at["p1.present"] - self.at["p0.present"] if "p1.present" in self.at else 0
        self._zeros = bytes(self.size)
        self.fallbacks = 0  # states the fast path handed to the view (a value outside a byte)
        self._blocks: dict[str, dict[Any, bytes]] = {}

    def write(self, w: Writer, view: dict[str, Any]) -> None:
        raise NotImplementedError

    def bounds(self) -> Bounds:
        """(low, high) of every field that is not a 0/1 flag (see ``field_bounds``)."""
        raise NotImplementedError

    def result_bounds(self, score: tuple[float, float | list[float]]) -> Bounds:
        """Bounds of ``final_result``'s fields, given the game's score range."""
        return {"scores": score, "ranking": (0.0, float(self.max_seats))}

    def encode(self, view: dict[str, Any]) -> np.ndarray:
        w = Writer()
        self.write(w, view)
        if w.pos != self.size:
            raise AssertionError(f"{self.name} encoder wrote {w.pos} values, layout has {self.size}")
        out = np.zeros(self.size, dtype=np.float32)
        out[w.idx] = w.val
        return out

    def player_offsets(self, names: tuple[str, ...]) -> tuple[int, ...]:
        """Offsets of the named ``p0.*`` fields (a relative seat k adds ``k * stride``)."""
        return tuple(self.at["p0." + x] for x in names)

    def template(self, state: Any) -> bytes:
        """The buffer ``fill`` starts from: zeros, or with what a game fixes at setup already written."""
        return self._zeros

    def cached_block(self, buf: bytearray, first: str, last: str, shift: int, key: Any,
                     write: Callable[..., None], *args: Any) -> None:
        """Copy the fields ``first`` .. ``last`` (contiguous, written only by ``write(scratch, *args)``), moved by
        ``shift`` (a seat block), from a cache keyed by ``key``, which must hold everything ``write`` reads; they
        change seldom between observations, and one slice copy is far cheaper than writing value by value."""
        cache = self._blocks.get(first)
        if cache is None:
            cache = self._blocks[first] = {}
        block = cache.get(key)
        start = self.at[first] + shift
        if block is None:
            if len(cache) >= 4096:  # bounded: a long run only refills it
                cache.clear()
            scratch = bytearray(self._zeros)
            write(scratch, *args)
            block = cache[key] = bytes(scratch[self.at[first]:self.end[last]])
        buf[start:start + len(block)] = block

    def fill(self, buf: bytearray, wide: list[tuple[int, int]], state: Any, seat: int) -> bool:
        """The fast path (see the module docstring); False where a game has none."""
        return False

    def encode_state(self, state: Any, seat: int | None) -> np.ndarray:
        """``encode(state.view(seat))``, read from the state directly where the encoder has a fast path
        (the spectator, seat None, always goes through the view)."""
        if seat is not None:
            buf, wide = bytearray(self.template(state)), list[tuple[int, int]]()
            try:
                done = self.fill(buf, wide, state, seat)
            except ValueError:  # a value outside 0..255 in a byte field: rare, exact through the view
                self.fallbacks += 1
                done = False
            if done:
                if len(buf) != self.size:  # a slice written with the wrong length moves everything after it
                    raise AssertionError(f"{self.name} fast path wrote {len(buf)} values, layout has {self.size}")
                out = np.frombuffer(buf, np.uint8).astype(np.float32)
                for i, v in wide:
                    out[i] = v
                return out
        return self.encode(state.view(seat))

    def fill_result(self, wide: list[tuple[int, int]], state: Any, seat: int) -> None:
        """The fast path's ``scores`` and ``ranking`` (see ``final_result``)."""
        if state.is_over():
            n, scores, ranks = self.players, self.at["scores"], self.at["ranking"]
            for s, (score, rank) in enumerate(zip(state.scores(), state.ranking(), strict=True)):
                k = (s - seat) % n
                if score:
                    wide.append((scores + k, score))
                if rank:
                    wide.append((ranks + k, rank))

    # ---- helpers for seat-relative encodings: index 0 is always the observing seat ----------
    def rel(self, view: dict[str, Any], seat: int | None) -> int | None:
        me = view.get("seat") or 0
        return None if seat is None or seat < 0 else (seat - me) % self.players

    def final_result(self, w: Writer, view: dict[str, Any]) -> None:
        """Final scores and ranks per relative seat (zeros while the game runs), for every game."""
        scores, ranking = view["scores"] or [], view["ranking"] or []
        by_rel = {self.rel(view, s): s for s in range(len(scores))}
        w.vector("scores", [scores[by_rel[k]] if k in by_rel else 0 for k in range(self.max_seats)],
                 "final scores per relative seat (0 while running)")
        w.vector("ranking", [ranking[by_rel[k]] if k in by_rel else 0 for k in range(self.max_seats)],
                 "final rank per relative seat (1 = winner; 0 while running)")


def describe(encoder: Encoder) -> str:
    """The field table of an encoder as Markdown (docs/interop.md embeds it; a test keeps them
    equal). Per-seat blocks ``p1.*``, ``p2.*`` ... repeat ``p0.*`` and are listed once."""
    rows = ["| offset | size | field | meaning |", "| ---: | ---: | --- | --- |"]
    blocks: dict[str, int] = {}
    for f in encoder.fields:
        head, dot, rest = f.name.partition(".")
        if dot and head[:1] == "p" and head[1:].isdigit():
            blocks[head] = blocks.get(head, 0) + f.size
            if head != "p0":
                continue
        rows.append(f"| {f.offset} | {f.size} | `{f.name}` | {f.doc} |")
    if len(blocks) > 1:
        size = blocks["p0"]
        heads = [(f.name.partition(".")[0], f.offset) for f in reversed(encoder.fields)]
        starts = {head: offset for head, offset in heads if head in blocks}
        rows.append("")
        rows.append(f"Each seat block `pK.*` is {size} values; "
                    + ", ".join(f"`{k}` starts at {starts[k]}" for k in blocks) + ".")
    return "\n".join(rows)
