"""The project's own magic numbers (chessviz/data/magics.json): every one proved on every subset of its mask
in both mappings, against python-chess's masks and attack tables read here, not the core's; the search
that wrote them replayed; a file holding a number that is no magic refused; the search and lookup pages'
endpoints held to the same definitions."""

from __future__ import annotations

import json
import random

import chess
import pytest

from chessviz.methods import magic_search_answer
from chessviz.methods_geometry import edge_squares, relevant_masks
from chessviz.methods_magic import MAGICS_PATH, SEED, MagicDataError, build_tables, read_file, read_magics, square_magics
from chessviz.methods_search import MAX_DRAWN, search
from chessviz.squares import BB_ALL, SQUARE_NAMES

from project import ROOT

MAPPINGS = ("lerf", "lerbef")
KINDS = ("rook", "bishop")


def mirror(bb: int) -> int:
    """LERF <-> lerbef: each rank's byte reversed (python-chess's flip_horizontal)."""
    return chess.flip_horizontal(bb)


def lerf_square(bit: int, mapping: str) -> int:
    return bit ^ 7 if mapping == "lerbef" else bit


def mask_of(kind: str, sq: int) -> int:
    """python-chess's masks leave out the square and the edges: the relevant occupancy (LERF)."""
    return chess.BB_RANK_MASKS[sq] | chess.BB_FILE_MASKS[sq] if kind == "rook" else chess.BB_DIAG_MASKS[sq]


def attacks_of(kind: str, sq: int, occupied: int) -> int:
    """python-chess's attack tables (LERF)."""
    if kind == "rook":
        return (
            chess.BB_RANK_ATTACKS[sq][chess.BB_RANK_MASKS[sq] & occupied]
            | chess.BB_FILE_ATTACKS[sq][chess.BB_FILE_MASKS[sq] & occupied]
        )
    return chess.BB_DIAG_ATTACKS[sq][chess.BB_DIAG_MASKS[sq] & occupied]


def every_subset(mask: int):
    """Every subset of mask: the carry-rippler, written out here."""
    subset = 0
    while True:
        yield subset
        subset = (subset - mask) & mask
        if not subset:
            return


def file_magics() -> dict:
    return json.loads(MAGICS_PATH.read_text(encoding="utf-8"))


@pytest.mark.parametrize("mapping", MAPPINGS)
@pytest.mark.parametrize("kind", KINDS)
def test_every_committed_magic_is_collision_free_on_every_subset_of_its_mask(kind, mapping):
    """Two subsets may share an index only when their attacks are equal; 2**n subsets, n = the mask's bits."""
    entries = file_magics()["magics"][mapping][kind]
    assert len(entries) == 64
    total = 0
    for bit, entry in enumerate(entries):
        sq = lerf_square(bit, mapping)
        mask_lerf = mask_of(kind, sq)
        mask = mirror(mask_lerf) if mapping == "lerbef" else mask_lerf
        magic, shift = int(entry["magic"], 16), 64 - bin(mask).count("1")
        seen: dict[int, int] = {}
        for subset in every_subset(mask):
            attacks = attacks_of(kind, sq, mirror(subset) if mapping == "lerbef" else subset)
            index = ((subset * magic) & BB_ALL) >> shift
            assert seen.setdefault(index, attacks) == attacks, (kind, mapping, SQUARE_NAMES[sq], entry["magic"], index)
            total += 1
    assert total == {"rook": 102_400, "bishop": 5_248}[kind]


def test_the_file_names_its_seed_and_the_script_that_wrote_it_and_the_app_reads_it_as_written():
    data = file_magics()
    assert data["script"] == "scripts/find-magics" and (ROOT / data["script"]).is_file()
    assert data["seed"] == SEED
    for mapping in MAPPINGS:
        for kind in KINDS:
            loaded = square_magics(kind, mapping)
            for bit, entry in enumerate(data["magics"][mapping][kind]):
                assert loaded[bit].magic == int(entry["magic"], 16)
                assert loaded[bit].candidates == entry["candidates"]
                sq = lerf_square(bit, mapping)
                expected = mask_of(kind, sq) if mapping == "lerf" else mirror(mask_of(kind, sq))
                assert loaded[bit].mask == expected == relevant_masks(kind, mapping)[bit]


def test_the_edge_squares_are_the_lines_without_the_mask_and_the_square():
    for kind in KINDS:
        for sq in range(64):
            lines = (
                chess.BB_RANK_ATTACKS[sq][0] | chess.BB_FILE_ATTACKS[sq][0] if kind == "rook" else chess.BB_DIAG_ATTACKS[sq][0]
            )
            assert edge_squares(kind, "lerf")[sq] == lines & ~mask_of(kind, sq)


QUICK = [("lerf", "rook", 11), ("lerf", "bishop", 1), ("lerbef", "rook", 8), ("lerbef", "bishop", 41), ("lerbef", "bishop", 5)]


@pytest.mark.parametrize("mapping, kind, bit", QUICK)
def test_the_search_replayed_with_the_file_s_seed_finds_the_file_s_magic_after_as_many_candidates(mapping, kind, bit):
    """The squares whose search was shortest: the same seed draws the same candidates (scripts/find-magics)."""
    entry = file_magics()["magics"][mapping][kind][bit]
    *_, last = search(kind, bit, mapping, SEED)
    assert (last.magic, last.number, last.verdict) == (int(entry["magic"], 16), entry["candidates"], "magic")


def test_a_replay_pauses_after_each_candidate_and_answers_the_same():
    """The web layer's pause (the classroom server's other connections get their turn; it decides how
    often to sleep) is called once a candidate drawn, and changes nothing of the answer."""
    for seed, drawn in ((101, MAX_DRAWN), (2, 9872)):  # a replay that stops at the bound, one that finds a magic
        pauses = []
        paused = magic_search_answer("rook", SQUARE_NAMES.index("h8"), "lerf", seed, 5, pause=lambda p=pauses: p.append(1))
        plain = magic_search_answer("rook", SQUARE_NAMES.index("h8"), "lerf", seed, 5)
        assert paused == plain and plain["drawn"] == drawn
        assert len(pauses) == drawn


def test_a_file_with_a_number_that_is_no_magic_is_refused(tmp_path):
    data = file_magics()
    data["magics"]["lerf"]["bishop"][27]["magic"] = "0x0000000000000001"  # every subset's index is its top bits: 0
    with pytest.raises(MagicDataError, match="lerf bishop bit 27"):
        build_tables("bishop", "lerf", read_magics(data, "bishop", "lerf"))
    for broken, said in (
        ({"magic": "0x12", "candidates": 3}, "is not 0x"),
        ({"magic": "0x" + "0" * 16, "candidates": 0}, "is not a count"),
    ):
        data = file_magics()
        data["magics"]["lerbef"]["rook"][5] = broken
        path = tmp_path / "magics.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        with pytest.raises(MagicDataError, match=said):
            read_file(path)
    data = file_magics()
    data["magics"]["lerf"]["rook"].pop()
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(MagicDataError, match="needs 64"):
        read_file(path)


# --- the pages' endpoints --------------------------------------------------------------------------------


def test_a_replayed_search_shows_each_candidate_s_fate_as_the_definitions_say(client):
    answer = client.get("/api/magic-search?piece=bishop&sq=e4&mapping=lerbef&show=40&seed=7").json
    mask = mirror(mask_of("bishop", 28))
    assert int(answer["mask"], 16) == mask and answer["shift"] == 64 - answer["bits"] == 64 - bin(mask).count("1")
    assert len(answer["candidates"]) == 40
    for c in answer["candidates"]:
        magic = int(c["magic"], 16)
        product = (mask * magic) & BB_ALL
        assert int(c["product"], 16) == product and c["top_bits"] == bin(product >> 56).count("1")
        if c["top_bits"] < answer["min_top_bits"]:
            assert c["verdict"] == "too_few_top_bits" and c["collision"] is None
            continue
        assert c["verdict"] == "collision"
        hit = c["collision"]
        first, second = (int(hit[side]["occupancy"], 16) for side in ("first", "second"))
        for side, occupancy in (("first", first), ("second", second)):
            assert occupancy & ~mask == 0
            assert ((occupancy * magic) & BB_ALL) >> answer["shift"] == hit["index"]
            assert int(hit[side]["attacks"], 16) == mirror(attacks_of("bishop", 28, mirror(occupancy)))
        assert hit["first"]["attacks"] != hit["second"]["attacks"]
        # The second is the first subset in the carry-rippler's order to collide: it was placed after `placed` others.
        order = list(every_subset(mask))
        assert order.index(second) == c["placed"] and order.index(first) < c["placed"]


def test_a_replay_ends_at_a_magic_or_at_its_bound_and_never_hangs(client):
    # Two million candidates in the file: the replay stops at its bound (the suite's timeout catches a hang).
    long = client.get("/api/magic-search?piece=rook&sq=h8&mapping=lerbef&show=3").json
    assert long["stopped"] is True and long["found"] is None and long["drawn"] == MAX_DRAWN
    assert long["committed"]["candidates"] > MAX_DRAWN
    short = client.get("/api/magic-search?piece=bishop&sq=c1&mapping=lerbef&show=100").json  # bit 5: 89 candidates
    committed = file_magics()["magics"]["lerbef"]["bishop"][5]
    assert short["found"] == short["committed"]["magic"] == committed["magic"] and short["stopped"] is False
    assert short["drawn"] == committed["candidates"] == len(short["candidates"]) == 89
    assert short["candidates"][-1]["verdict"] == "magic" and short["candidates"][-1]["magic"] == committed["magic"]


@pytest.mark.parametrize("mapping", MAPPINGS)
def test_one_lookup_in_full_its_terms_add_up_to_the_product_and_its_entry_is_the_attacks(client, mapping):
    rng = random.Random(f"magic-{mapping}")
    for sq in range(0, 64, 5):
        for kind in KINDS:
            occupied_lerf = rng.getrandbits(64) & rng.getrandbits(64)
            occupied = mirror(occupied_lerf) if mapping == "lerbef" else occupied_lerf
            a = client.get(f"/api/magic?piece={kind}&sq={sq}&occupied={occupied}&mapping={mapping}").json
            mask, magic = int(a["mask"], 16), int(a["magic"], 16)
            blockers = occupied & mask
            assert int(a["blockers"], 16) == blockers
            assert [t["bit"] for t in a["terms"]] == [b for b in range(64) if blockers >> b & 1]
            assert sum(int(t["term"], 16) for t in a["terms"]) & BB_ALL == int(a["product"], 16) == (blockers * magic) & BB_ALL
            assert a["index"] == int(a["product"], 16) >> a["shift"] < a["subsets"] == 1 << a["bits"]
            assert int(a["index_bits"], 16) == BB_ALL ^ ((1 << a["shift"]) - 1)
            expected = attacks_of(kind, sq, occupied_lerf)
            assert int(a["attacks"], 16) == (mirror(expected) if mapping == "lerbef" else expected)
            share_is_right(kind, sq, mapping, occupied, a)


def share_is_right(kind, sq, mapping, occupied, a):
    """The exercise: exactly one choice is on the same index, and it changes an edge square (off the mask,
    on the lines); the others change a square of the mask, so their index differs."""
    magic, shift, mask = int(a["magic"], 16), a["shift"], int(a["mask"], 16)
    index = (((occupied & mask) * magic) & BB_ALL) >> shift
    to_lerf = mirror if mapping == "lerbef" else (lambda x: x)
    lines = to_lerf(
        chess.BB_RANK_ATTACKS[sq][0] | chess.BB_FILE_ATTACKS[sq][0] if kind == "rook" else chess.BB_DIAG_ATTACKS[sq][0]
    )
    share = a["share"]
    assert len(share["choices"]) in (2, 3)
    assert [i for i, c in enumerate(share["choices"]) if c["same_index"]] == [share["answer"]]
    for i, c in enumerate(share["choices"]):
        board = int(c["occupancy"], 16)
        changed = board ^ occupied
        assert bin(changed).count("1") == 1 and SQUARE_NAMES[to_lerf(changed).bit_length() - 1] == c["square"]
        assert c["index"] == (((board & mask) * magic) & BB_ALL) >> shift
        assert c["same_index"] == (c["index"] == index)
        same = attacks_of(kind, sq, to_lerf(board)) == attacks_of(kind, sq, to_lerf(occupied))
        assert c["same_attacks"] == same
        if i == share["answer"]:
            assert changed & lines and not changed & mask and same and "the last square of a ray" in c["reason"]
        else:
            assert changed & mask and c["square"] in c["reason"]
