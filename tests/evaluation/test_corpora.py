"""The corpus loaders, splits and scorer on small files written here in each corpus's real
format (tests/data/corpora, laid out as MOLEXTRACT_CORPORA is: ``<repository name>/<path
in the repository>``). Their sentences are invented; no corpus text is in the project."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from molextract.errors import InputError
from molextract.evaluation.corpora import (
    CorpusDocument,
    CorpusFileNotFoundError,
    GoldYield,
    Mention,
    load_corpus,
    load_split,
    read_split,
    score_corpus,
    split_ids,
    write_splits,
)
from molextract.evaluation.corpora.documents import parse_yield
from molextract.evaluation.corpora.scoring import (
    labels_naming_product,
    name_key,
    names_the_product,
)
from molextract.evaluation.corpora.uspto_ord import labels_after
from molextract.schemas import Checks, Compound, DocumentResult, EngineInfo, Evidence, Record

CORPORA = Path(__file__).parents[1] / "data" / "corpora"
ENGINE = EngineInfo(name="local", model="m")


def _by_id(documents: list[CorpusDocument]) -> dict[str, CorpusDocument]:
    return {doc.id: doc for doc in documents}


def _offsets_hold(doc: CorpusDocument) -> None:
    """Every mention with offsets is the text at those offsets."""
    mentions = [*doc.products, *doc.labels, *(p for y in doc.yields for p in y.products)]
    for mention in mentions:
        if mention.start is not None:
            assert doc.text[mention.start : mention.end] == mention.text
    for gold in doc.yields:
        if gold.start is not None:
            assert doc.text[gold.start : gold.end] == gold.text


# --- loaders --------------------------------------------------------------------------


def test_chemu_rows_become_documents_with_yields_products_and_labels() -> None:
    docs = _by_id(load_corpus("chemu", CORPORA))
    assert list(docs) == ["chemu-train-0001", "chemu-train-0002", "chemu-train-0003"]
    for doc in docs.values():
        _offsets_hold(doc)
        assert doc.corpus == "chemu"
        assert doc.split_unit == doc.id

    first = docs["chemu-train-0001"]
    # The token is "79%)." but the mention is what the plain column says.
    [gold] = first.yields
    assert (gold.text, gold.value) == ("79%", 79.0)
    assert [p.text for p in gold.products] == ["title compound", "2-Chloro-5-nitrobenzamide"]
    assert [label.text for label in first.labels] == ["7"]
    assert not [n for n in first.notes if n.kind == "mention_mismatch"]


def test_chemu_skips_a_yield_in_words_and_notes_it() -> None:
    doc = _by_id(load_corpus("chemu", CORPORA))["chemu-train-0002"]
    assert [(y.text, y.value) for y in doc.yields] == [("6%", 6.0)]
    assert [n.detail for n in doc.notes if n.kind == "non_numeric_yield"] == ["quantitative"]
    assert [label.text for label in doc.labels] == ["12.3"]


def test_chemu_finds_an_untagged_yield_and_counts_disagreements() -> None:
    doc = _by_id(load_corpus("chemu", CORPORA))["chemu-train-0003"]
    [gold] = doc.yields
    assert gold.text == "64%"
    assert doc.text[gold.start : gold.end] == "64%"
    kinds = [n.kind for n in doc.notes]
    assert "found_by_search" in kinds
    mismatches = [n.detail for n in doc.notes if n.kind == "mention_mismatch"]
    # A tag whose text the plain column lacks, and a plain mention no tag gives.
    assert len(mismatches) == 2
    assert all(m.startswith("OTHER_COMPOUND") for m in mismatches)
    # The SOLVENT column lists its mentions in another order than the tags: no mismatch.
    assert not any("SOLVENT" in n.detail for n in doc.notes)
    # "B:" is the token; "B" the label.
    assert [label.text for label in doc.labels] == ["B"]


def test_chemrxn_pairs_each_yield_with_its_reactions_product() -> None:
    docs = _by_id(load_corpus("chemrxn", CORPORA))
    assert list(docs) == [
        "chemrxn-train-10.9999/fake.1-0-1",
        "chemrxn-train-10.9999/fake.1-0-2",
        "chemrxn-train-10.9999/fake.2-3-0",
        "chemrxn-train-10.9999/fake.2-3-0#2",
        "chemrxn-dev-10.9999/fake.3-1-4",
        "chemrxn-dev-10.9999/fake.3-1-5",
    ]
    for doc in docs.values():
        _offsets_hold(doc)
    first = docs["chemrxn-train-10.9999/fake.1-0-1"]
    assert first.text.startswith("Coupling of bromide 3 with")
    assert " ( 84 and 40 % , respectively ) ." in first.text
    pairs = [(y.text, y.value, [p.text for p in y.products], y.reaction) for y in first.yields]
    assert pairs == [("84", 84.0, ["5a"], 1), ("40 %", 40.0, ["5b"], 2)]
    assert first.group == docs["chemrxn-train-10.9999/fake.1-0-2"].group


def test_chemrxn_resolves_yields_labelled_in_every_reaction_by_order() -> None:
    doc = _by_id(load_corpus("chemrxn", CORPORA))["chemrxn-train-10.9999/fake.1-0-2"]
    assert [(y.text, [p.text for p in y.products]) for y in doc.yields] == [
        ("22 %", ["6a"]),
        ("8 %", ["6b"]),
    ]
    assert [n.detail for n in doc.notes if n.kind == "non_numeric_yield"] == ["low amounts"]
    assert len([n for n in doc.notes if n.kind == "shared_yield"]) == 2


def test_chemrxn_gives_one_yield_of_several_reactions_to_all_their_products() -> None:
    doc = _by_id(load_corpus("chemrxn", CORPORA))["chemrxn-dev-10.9999/fake.3-1-5"]
    [gold] = doc.yields
    assert (gold.text, [p.text for p in gold.products]) == ("90 %", ["13a", "13b"])


def test_chemrxn_scores_only_numeric_yields_and_keeps_multiword_products() -> None:
    docs = _by_id(load_corpus("chemrxn", CORPORA))
    diol = docs["chemrxn-train-10.9999/fake.2-3-0"]
    assert [y.text for y in diol.yields] == ["91 %"]
    assert [n.detail for n in diol.notes if n.kind == "non_numeric_yield"] == ["77 : 23"]
    assert docs["chemrxn-train-10.9999/fake.2-3-0#2"].yields == ()
    [gold] = docs["chemrxn-dev-10.9999/fake.3-1-4"].yields
    assert [p.text for p in gold.products] == ["alcohol 11"]


def test_uspto_keeps_stated_yields_with_their_product_names() -> None:
    docs = _by_id(load_corpus("uspto", CORPORA))
    first = docs["ord-00000000000000000000000000000001"]
    [gold] = first.yields
    assert (gold.value, gold.start, gold.end) == (82.6, None, None)
    assert [p.text for p in gold.products] == ["title compound"]
    assert [n.kind for n in first.notes] == ["calculated_yield"]
    second = docs["ord-00000000000000000000000000000002"]
    assert [(y.value, [p.text for p in y.products]) for y in second.yields] == [
        (91.0, ["benzyl phenyl ether"])
    ]
    assert [n.kind for n in second.notes] == ["unnamed_product"]
    assert docs["ord-00000000000000000000000000000003"].yields == ()


def test_a_missing_corpus_file_names_the_path_and_the_setting(tmp_path: Path) -> None:
    with pytest.raises(CorpusFileNotFoundError) as caught:
        load_corpus("chemu", tmp_path)
    message = str(caught.value)
    assert message.startswith("corpus file not found: ")
    assert str(tmp_path / "ChemBERT_Chemu") in message
    assert "MOLEXTRACT_CORPORA" in message
    assert "asibanez/ChemBERT_Chemu" in message
    assert isinstance(caught.value, InputError)


def test_chemrxn_needs_both_files(tmp_path: Path) -> None:
    role = tmp_path / "ChemRxnExtractor" / "tests" / "data" / "role"
    role.mkdir(parents=True)
    shutil.copy(CORPORA / "ChemRxnExtractor" / "tests" / "data" / "role" / "train.txt", role)
    with pytest.raises(CorpusFileNotFoundError, match=re.escape(str(role / "dev.txt"))):
        load_corpus("chemrxn", tmp_path)


@pytest.mark.parametrize(
    ("text", "parsed"),
    [
        ("42%", (42.0, None, None)),
        ("(88 %)", (88.0, None, None)),
        ("84", (84.0, None, None)),
        ("99.9 %.", (99.9, None, None)),
        ("> 95 %", (95.0, None, None)),
        ("10-15 %", (12.5, 10.0, 15.0)),
        ("60 − 90 %", (75.0, 60.0, 90.0)),
        ("low", None),
        ("quantitative", None),
        ("77 : 23", None),
        ("56 mg", None),
        ("%", None),
        ("loo %", None),
    ],
)
def test_parse_yield(text: str, parsed: tuple[float, float | None, float | None] | None) -> None:
    assert parse_yield(text) == parsed


# --- splits ---------------------------------------------------------------------------


def _documents(count: int, *, per_group: int = 1) -> list[CorpusDocument]:
    return [
        CorpusDocument(
            id=f"doc-{n:03d}",
            corpus="chemrxn",
            text="x",
            yields=(),
            products=(),
            group=f"passage-{n // per_group}" if per_group > 1 else "",
        )
        for n in range(count)
    ]


def test_splits_are_half_and_half_disjoint_and_complete() -> None:
    documents = _documents(101)
    lists = split_ids(documents)
    dev, test = lists["dev"], lists["test"]
    assert (len(dev), len(test)) == (51, 50)
    assert not set(dev) & set(test)
    assert sorted(dev + test) == sorted(doc.id for doc in documents)
    assert dev != sorted(dev)  # a shuffled list: its first N are a random sample


def test_splits_are_deterministic_whatever_the_order() -> None:
    documents = _documents(40)
    assert split_ids(documents) == split_ids(list(reversed(documents)))
    assert split_ids(documents, seed=1) != split_ids(documents)


def test_segments_of_one_passage_stay_together() -> None:
    documents = _documents(90, per_group=3)
    lists = split_ids(documents)
    group = {doc.id: doc.group for doc in documents}
    dev_groups = {group[i] for i in lists["dev"]}
    test_groups = {group[i] for i in lists["test"]}
    assert not dev_groups & test_groups
    assert (len(dev_groups), len(test_groups)) == (15, 15)


def test_real_loader_split_keeps_chemrxn_passages_whole() -> None:
    documents = load_corpus("chemrxn", CORPORA)
    lists = split_ids(documents)
    by_id = _by_id(documents)
    units = {split: {by_id[i].split_unit for i in ids} for split, ids in lists.items()}
    assert not units["dev"] & units["test"]
    assert len(lists["dev"]) + len(lists["test"]) == len(documents)


def test_a_written_split_loads_in_list_order(tmp_path: Path) -> None:
    documents = load_corpus("uspto", CORPORA)
    lists = write_splits(tmp_path, "uspto", documents)
    assert read_split(tmp_path, "uspto", "dev") == lists["dev"]
    assert (tmp_path / "uspto.test.txt").read_text().splitlines() == lists["test"]
    loaded = load_split("uspto", "dev", tmp_path, CORPORA)
    assert [doc.id for doc in loaded] == lists["dev"]


def test_a_split_id_the_corpus_lacks_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "uspto.dev.txt").write_text("ord-00000000000000000000000000000001\nord-gone\n")
    with pytest.raises(InputError, match="ord-gone"):
        load_split("uspto", "dev", tmp_path, CORPORA)
    with pytest.raises(InputError, match="split list not found"):
        load_split("uspto", "test", tmp_path, CORPORA)


# --- scoring --------------------------------------------------------------------------


def _record(
    doc_id: str,
    value: float,
    *,
    span: tuple[int, int] | None = None,
    name: str | None = None,
    label: str | None = None,
    at: tuple[int, int] | None = None,
    prop: str = "reaction_yield",
    status: str = "accepted",
) -> Record:
    return Record.model_validate(
        {
            "doc_id": doc_id,
            "schema": "reaction_yield",
            "compound": Compound(
                name=name, label=label, start=at[0] if at else None, end=at[1] if at else None
            ),
            "property": prop,
            "value": value,
            "unit": "%",
            "evidence": Evidence(
                quote="q",
                start=span[0] if span else None,
                end=span[1] if span else None,
                match="exact",
                value_start=span[0] if span else None,
                value_end=span[1] if span else None,
            ),
            "checks": Checks(
                structure="absent",
                grounded=True,
                value_in_quote=True,
                plausible=True,
                formula_consistent=None,
            ),
            "status": status,
            "engine": ENGINE,
        }
    )


def _result(doc_id: str, *records: Record, seconds: float = 2.0, calls: int = 1) -> DocumentResult:
    return DocumentResult.model_validate(
        {
            "doc_id": doc_id,
            "schema": "reaction_yield",
            "records": list(records),
            "engine": ENGINE,
            "usage": {"seconds": seconds, "model_calls": calls},
        }
    )


#: A patent-like snippet with a heading label, a named product and "the title compound".
PATENT = (
    "Example 4 3-Bromobenzonitrile A solution of 3-bromobenzamide was heated. "
    "The title compound (0.4 g, 61%) and a by-product (5%) were obtained."
)


def _patent() -> CorpusDocument:
    def mention(text: str) -> Mention:
        start = PATENT.index(text)
        return Mention(text, start, start + len(text))

    products = (mention("3-Bromobenzonitrile"), mention("title compound"))
    label = Mention("4", PATENT.index("4 3-"), PATENT.index("4 3-") + 1)
    gold = mention("61%")
    return CorpusDocument(
        id="p1",
        corpus="chemu",
        text=PATENT,
        yields=(GoldYield(61.0, gold.text, gold.start, gold.end, products),),
        products=products,
        labels=(label,),
    )


def _span(text: str) -> tuple[int, int]:
    start = PATENT.index(text)
    return start, start + len(text)


def test_a_yield_matches_by_span_and_is_associated_by_name() -> None:
    doc = _patent()
    record = _record("p1", 61.0, span=_span("61%"), name="the 3-bromobenzonitrile.")
    scores = score_corpus([doc], {"p1": _result("p1", record)})
    assert (scores.gold_yields, scores.yield_records, scores.matched) == (1, 1, 1)
    assert (scores.recall, scores.precision) == (1.0, 1.0)
    assert (scores.association_matched, scores.association_all) == (1.0, 1.0)
    assert not scores.misses and not scores.false_positives and not scores.wrong_associations
    assert scores.sources == {("none", True): 1}  # the test record says no source


def test_matched_yields_are_counted_by_how_their_compound_was_decided() -> None:
    doc = _patent()
    right = _record("p1", 61.0, span=_span("61%"), name="3-bromobenzonitrile")
    right.compound.source = "model"
    scores = score_corpus([doc], {"p1": _result("p1", right)})
    assert scores.sources == {("model", True): 1}
    wrong = _record("p1", 61.0, span=_span("61%"), name="3-bromobenzamide")
    wrong.compound.source = "described_compound"
    scores = score_corpus([doc], {"p1": _result("p1", wrong)})
    assert scores.sources == {("described_compound", False): 1}


def test_a_value_elsewhere_is_a_miss_and_a_false_positive() -> None:
    doc = _patent()
    other = _record("p1", 5.0, span=_span("5%"), name="by-product")
    scores = score_corpus([doc], {"p1": _result("p1", other)})
    assert (scores.matched, scores.recall, scores.precision) == (0, 0.0, 0.0)
    assert [m.gold.text for m in scores.misses] == ["61%"]
    assert [(fp.value, fp.start) for fp in scores.false_positives] == [(5.0, _span("5%")[0])]
    assert scores.association_matched is None
    assert scores.association_all == 0.0


def test_each_gold_yield_is_matched_once() -> None:
    doc = _patent()
    twice = [_record("p1", 61.0, span=_span("61%"), name="title compound") for _ in range(2)]
    scores = score_corpus([doc], {"p1": _result("p1", *twice)})
    assert (scores.matched, scores.yield_records, scores.precision) == (1, 2, 0.5)
    assert len(scores.false_positives) == 1


def test_association_by_label_of_a_heading_or_title_compound() -> None:
    doc = _patent()
    assert labels_naming_product(doc) == doc.labels
    for label in ("4", "Example 4"):
        record = _record("p1", 61.0, span=_span("61%"), label=label)
        assert score_corpus([doc], {"p1": _result("p1", record)}).associated == 1
    wrong = _record("p1", 61.0, span=_span("61%"), name="3-bromobenzamide", label="5")
    scores = score_corpus([doc], {"p1": _result("p1", wrong)})
    assert scores.associated == 0
    [miss] = scores.wrong_associations
    assert (miss.name, miss.label) == ("3-bromobenzamide", "5")


def test_an_example_label_counts_only_when_the_snippet_ties_it_to_the_product() -> None:
    text = "Example 9 A solution of 4 was heated to give 2-naphthol (1.0 g, 70%)."
    start = text.index("2-naphthol")
    product = Mention("2-naphthol", start, start + len("2-naphthol"))
    at = text.index("70%")
    doc = CorpusDocument(
        id="p2",
        corpus="chemu",
        text=text,
        yields=(GoldYield(70.0, "70%", at, at + 3, (product,)),),
        products=(product,),
        labels=(Mention("9", 8, 9),),
    )
    assert labels_naming_product(doc) == ()
    record = _record("p2", 70.0, span=(at, at + 3), label="Example 9")
    assert score_corpus([doc], {"p2": _result("p2", record)}).associated == 0


def test_association_by_compound_offsets() -> None:
    doc = _patent()
    start, end = _span("title compound")
    record = _record("p1", 61.0, span=_span("61%"), name="nitrile", at=(start - 4, end))
    assert score_corpus([doc], {"p1": _result("p1", record)}).associated == 1


def test_uspto_yields_match_by_value() -> None:
    gold = GoldYield(82.6, "82.6%", None, None, (Mention("title compound"),))
    doc = CorpusDocument(
        id="o1", corpus="uspto", text="gave 1.10 g (82.6%)", yields=(gold,), products=()
    )
    near = _record("o1", 82.64, name="Title Compound")
    scores = score_corpus([doc], {"o1": _result("o1", near)})
    assert (scores.matched, scores.associated) == (1, 1)
    far = _record("o1", 82.0, name="title compound")
    assert score_corpus([doc], {"o1": _result("o1", far)}).matched == 0


def test_only_a_gold_that_names_its_product_counts_towards_named_association() -> None:
    """ORD's silver "names" are often what the text called the product (``solid``,
    ``title compound``): no record can name those rightly, so the named figure skips them."""
    text = "gave 1.10 g (82.6%) of a solid. Then 2-naphthol 7 (0.5 g, 40%) was obtained."
    solid = GoldYield(82.6, "82.6%", None, None, (Mention("solid"),))
    title = GoldYield(82.6, "82.6%", None, None, (Mention("title compound"),))
    named = GoldYield(40.0, "40%", None, None, (Mention("2-naphthol"),))
    doc = CorpusDocument(id="o1", corpus="uspto", text=text, yields=(solid, named), products=())
    label = GoldYield(40.0, "40%", None, None, (Mention("7"),))
    assert [names_the_product(g, doc) for g in (solid, title, named, label)] == [
        False,
        False,
        True,
        True,
    ]
    records = [_record("o1", 82.6, name="sodium sulfate"), _record("o1", 40.0, name="2-Naphthol")]
    scores = score_corpus([doc], {"o1": _result("o1", *records)})
    assert (scores.matched, scores.associated) == (2, 1)
    assert (scores.matched_named, scores.associated_named, scores.association_named) == (1, 1, 1.0)


def test_uspto_gold_takes_the_label_the_text_gives_its_product() -> None:
    text = (
        "to give Compound 179, 4-benzylaminopyridine (97 mg, 24%). "
        "Then methyl benzoate (12b) and phenol 6 were dried; 6 (1 g, 5%) was kept."
    )
    names = (Mention("4-benzylaminopyridine"), Mention("methyl benzoate"), Mention("6"))
    assert [m.text for m in labels_after(text, names)] == ["179", "12b"]
    assert labels_after("benzoic acid 10 g was added", (Mention("benzoic acid"),)) == ()


def test_compound_less_and_junk_names_are_counted_over_all_records() -> None:
    doc = _patent()
    records = [
        _record("p1", 61.0, span=_span("61%")),
        _record("p1", 5.0, span=_span("5%"), name="0.4 g"),
        _record("p1", 5.0, span=_span("5%"), name="white solid", prop="other"),
        _record("p1", 5.0, span=_span("5%"), name="hexanes/EtOAc", status="rejected"),
    ]
    scores = score_corpus([doc], {"p1": _result("p1", *records)})
    assert scores.records == 3  # the rejected one is not in the output a user gets
    assert scores.records_without_compound == 1
    assert [(j.name, j.reason.split(",")[0]) for j in scores.junk_names] == [
        ("0.4 g", "a mass"),
        ("white solid", "a description of appearance or form"),
    ]
    assert scores.yield_records == 2
    assert len(scores.wrong_associations) == 1  # matched, but no compound


def test_documents_without_a_result_are_listed_not_scored() -> None:
    doc = _patent()
    scores = score_corpus([doc], {})
    assert scores.missing_results == ["p1"]
    assert (scores.documents, scores.documents_scored, scores.gold_yields) == (1, 0, 0)
    assert scores.recall is None
    assert scores.seconds_per_document is None


def test_speed_figures_come_from_usage() -> None:
    doc = _patent()
    record = _record("p1", 61.0, span=_span("61%"), name="title compound")
    scores = score_corpus([doc], {"p1": _result("p1", record, seconds=3.0, calls=2)})
    assert scores.seconds_per_document == 3.0
    assert scores.model_calls_per_value == 2.0
    assert scores.summary()["association_all"] == 1.0


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("The Title  Compound.", "title compound"),
        ("(2l)", "2l"),
        ("3‐Bromo–benzonitrile", "3-bromo-benzonitrile"),
        ('"ethanol"', "ethanol"),
    ],
)
def test_name_key_folds_typography(text: str, key: str) -> None:
    assert name_key(text) == key


def test_a_gold_label_after_title_words_is_that_label() -> None:
    """ORD names a product ``title product 9`` where the text says ``the title product
    9``; a record labelled ``9`` names the same compound."""
    gold = GoldYield(45.0, "45%", None, None, (Mention("title product 9"),))
    doc = CorpusDocument(
        id="o2",
        corpus="uspto",
        text="to give the title product 9 (1.2 g, 45%)",
        yields=(gold,),
        products=(),
    )
    assert score_corpus([doc], {"o2": _result("o2", _record("o2", 45.0, label="9"))}).associated
    other = _record("o2", 45.0, label="8")
    assert not score_corpus([doc], {"o2": _result("o2", other)}).associated
    gold = GoldYield(45.0, "45%", None, None, (Mention("Intermediate 5"),))
    doc = CorpusDocument(
        id="o3", corpus="uspto", text="gave Intermediate 5 (45%)", yields=(gold,), products=()
    )
    assert score_corpus([doc], {"o3": _result("o3", _record("o3", 45.0, label="5"))}).associated
