"""Names to structures on the real OPSIN jar and JVM, the real ``chemicals`` database and RDKit.

Structures are compared by InChIKey, never by SMILES spelling. The module-scoped batch
resolves every name below in one call, so the file starts only a handful of JVMs.
"""

from __future__ import annotations

import logging
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from molextract.chem import analyze_smiles
from molextract.chem.names import NameResolver, Resolved, default_resolver, resolvable


def key(smiles: str) -> str:
    info = analyze_smiles(smiles)
    assert info is not None and info.inchikey is not None
    return info.inchikey


# Systematic names, as papers write them, with structures drawn by hand.
SYSTEMATIC = {
    "4-nitro-2-(3-thienyl)phenol": "Oc1ccc([N+](=O)[O-])cc1-c1ccsc1",
    "ethyl 3-oxobutanoate": "CCOC(=O)CC(C)=O",
    "3-Bromo-4-methoxybenzaldehyde": "COc1ccc(C=O)cc1Br",
    "4-amino-2-(3-thienyl)phenol hydrochloride": "Nc1ccc(O)c(-c2ccsc2)c1.Cl",
    " Ethyl 3-oxobutanoate. ": "CCOC(=O)CC(C)=O",
    "4‐nitro‐2‐(3‐thienyl)phenol (3b)": "Oc1ccc([N+](=O)[O-])cc1-c1ccsc1",
    "aniline·HCl": "Nc1ccccc1.Cl",
    "3-bromo-4-meth\u00adoxybenzaldehyde": "COc1ccc(C=O)cc1Br",  # soft hyphen from a PDF
    "alanine": "C[C@H](N)C(=O)O",  # OPSIN's L; the dictionary would say D-alanine
}
TRIVIAL = {
    "caffeine": "RYYVLZVUVIJVGH-UHFFFAOYSA-N",
    "ibuprofen": "HEFNNWSXXWATRW-UHFFFAOYSA-N",
    "paracetamol": "RZVAJINKPMORJF-UHFFFAOYSA-N",
    "propranolol": "AQHHHDLHHXJYJD-UHFFFAOYSA-N",
}
# Placeholders, labels, mixtures, classes: the dictionary has an answer for some
# ("hexanes" is isohexane there, "petroleum ether" benzene), all of them wrong.
NOTHING = [
    "hexanes",
    "petroleum ether",
    "3b",
    "Example 2B",
    "the title compound",
    "white solid",
    "xylenes",
    "xylene",
    "polyethylene glycol",
    "castor oil",
    "",
    "   ",
]
# Unlocanted names that OPSIN reports as ambiguous and the dictionary pins to one isomer.
AMBIGUOUS = ["naphthol", "dibromobenzene"]
ALL = [*SYSTEMATIC, *TRIVIAL, *NOTHING, *AMBIGUOUS, "oxygen", "iodine"]


@dataclass
class Batch:
    resolver: NameResolver
    results: dict[str, Resolved]
    jvm_runs: list[list[str]]


def spying_run(runs: list[list[str]]) -> Any:
    real_run = subprocess.run

    def run(command: list[str], *args: Any, **kwargs: Any) -> Any:
        runs.append(command)
        return real_run(command, *args, **kwargs)

    return run


@pytest.fixture(scope="module")
def batch() -> Batch:
    resolver = NameResolver()
    runs: list[list[str]] = []
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(subprocess, "run", spying_run(runs))
        results = resolver.resolve(ALL)
    return Batch(resolver, results, runs)


def test_java_and_opsin_are_present(batch: Batch) -> None:
    assert batch.resolver.opsin_available


def test_one_jvm_for_the_whole_batch(batch: Batch) -> None:
    assert len(batch.jvm_runs) == 1
    assert "-jar" in batch.jvm_runs[0]


@pytest.mark.parametrize(("name", "smiles"), SYSTEMATIC.items())
def test_systematic_names_through_opsin(batch: Batch, name: str, smiles: str) -> None:
    found = batch.results[name]
    assert (found.name, found.inchikey, found.source) == (name, key(smiles), "opsin")


def test_salt_is_kept(batch: Batch) -> None:
    found = batch.results["4-amino-2-(3-thienyl)phenol hydrochloride"]
    assert "Cl" in found.formula
    assert found.smiles.count(".") == 1
    assert found.mol_weight == pytest.approx(227.71, abs=0.01)


@pytest.mark.parametrize(("name", "inchikey"), TRIVIAL.items())
def test_trivial_names(batch: Batch, name: str, inchikey: str) -> None:
    assert batch.results[name].inchikey == inchikey


def test_what_opsin_cannot_parse_comes_from_the_dictionary(batch: Batch) -> None:
    assert batch.results["propranolol"].source == "dictionary"


@pytest.mark.parametrize("name", NOTHING + AMBIGUOUS)
def test_resolves_to_nothing(batch: Batch, name: str) -> None:
    assert name not in batch.results


def test_opsin_ambiguity_overrules_the_dictionary() -> None:
    """The dictionary alone gives these one isomer each; OPSIN's warning is what stops them."""
    assert set(NameResolver(opsin=False).resolve(AMBIGUOUS)) == set(AMBIGUOUS)


@pytest.mark.parametrize(("name", "smiles"), [("oxygen", "O=O"), ("iodine", "II")])
def test_elements_are_molecules_not_atoms(batch: Batch, name: str, smiles: str) -> None:
    """OPSIN reads these as lone radical atoms; the dictionary knows the molecules."""
    found = batch.results[name]
    assert (found.inchikey, found.source) == (key(smiles), "dictionary")


def test_answers_are_cached(batch: Batch, monkeypatch: pytest.MonkeyPatch) -> None:
    def no_jvm(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("OPSIN ran for names already resolved")

    monkeypatch.setattr(subprocess, "run", no_jvm)
    assert batch.resolver.resolve(ALL) == batch.results


def test_new_names_in_a_known_batch_cost_one_run(batch: Batch) -> None:
    runs: list[list[str]] = []
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(subprocess, "run", spying_run(runs))
        found = batch.resolver.resolve([*ALL, "2-methylpropan-1-ol", "benzonitrile"])
    assert len(runs) == 1
    assert found["2-methylpropan-1-ol"].inchikey == key("CC(C)CO")
    assert found["benzonitrile"].inchikey == key("N#Cc1ccccc1")


def names_log(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name == "molextract.chem.names"]


def test_without_java_the_dictionary_still_answers(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    missing = str(tmp_path / "java")  # a real path with no binary behind it
    with caplog.at_level(logging.WARNING, logger="molextract.chem.names"):
        resolver = NameResolver(java=missing)
        first = resolver.resolve(["caffeine", "ibuprofen", "hexanes"])
        second = resolver.resolve(["paracetamol", "propranolol"])
        NameResolver(java=missing).resolve(["aspirin"])
    assert not resolver.opsin_available
    found = first | second
    assert {name: r.inchikey for name, r in found.items()} == TRIVIAL
    assert {r.source for r in found.values()} == {"dictionary"}
    notices = names_log(caplog)
    assert len(notices) == 1
    assert notices[0].levelno == logging.WARNING
    assert "no Java runtime" in notices[0].getMessage()
    assert missing in notices[0].getMessage()


def test_a_timed_out_run_falls_back_and_is_not_cached(caplog: pytest.LogCaptureFixture) -> None:
    resolver = NameResolver(timeout=0.01)
    with caplog.at_level(logging.WARNING, logger="molextract.chem.names"):
        first = resolver.resolve(["caffeine", "4-nitro-2-(3-thienyl)phenol"])
        second = resolver.resolve(["caffeine", "4-nitro-2-(3-thienyl)phenol"])
    assert set(first) == set(second) == {"caffeine"}
    assert first["caffeine"].source == "dictionary"
    notices = names_log(caplog)
    assert len(notices) == 2  # asked again, failed again
    assert all("no answer within 0.01 s" in r.getMessage() for r in notices)


def test_a_failing_runtime_falls_back(caplog: pytest.LogCaptureFixture) -> None:
    resolver = NameResolver(java="/bin/false")  # a runtime that exits with status 1
    with caplog.at_level(logging.WARNING, logger="molextract.chem.names"):
        found = resolver.resolve(["paracetamol"])
    assert found["paracetamol"].source == "dictionary"
    assert "exit status 1" in names_log(caplog)[0].getMessage()


def test_sources_can_be_switched_off() -> None:
    assert NameResolver(opsin=False, dictionary=False).resolve(["caffeine"]) == {}
    assert not NameResolver(opsin=False).opsin_available


def test_default_resolver_is_shared() -> None:
    assert default_resolver() is default_resolver()


@pytest.mark.parametrize(
    "name",
    [
        "caffeine",
        "4-nitro-2-(3-thienyl)phenol",
        "Benzaldehyde, 3-bromo-4-methoxy-",
        "copper(II) sulfate pentahydrate",
        "(S)-ibuprofen",
        "Tris",
        "HEPES",
        "diethyl ether",
        "benzyl alcohol",
        "heavy water",
        "2'-deoxyadenosine",
    ],
)
def test_names_of_compounds_are_resolvable(name: str) -> None:
    assert resolvable(name)


@pytest.mark.parametrize(
    "name",
    [
        "compound 3b",
        "compounds 3a-c",
        "IIIa",
        "(±)-7",
        "Table 2, entry 3",
        "pale yellow crystals",
        "crude product",
        "mixture of isomers",
        "light petroleum",
        "silica gel",
        "Tween 80",
        "poly(ethylene glycol)",
        "alkaloids",
        "benzoic acids",
        "salt",
        "ether",
        "C2H6O",
    ],
)
def test_placeholders_labels_mixtures_and_classes_are_not(name: str) -> None:
    assert not resolvable(name)
