"""Names to structures on the real OPSIN jar and JVM, the real ``chemicals`` database and RDKit.

Structures are compared by InChIKey, never by SMILES spelling. The module-scoped batch
resolves every name below in one call on one JVM, which later tests of the batch reuse;
the tests of the JVM's life start their own, about ten in all. Every process a test
starts must have been reaped by the end of that test (see ``jvms``).
"""

from __future__ import annotations

import gc
import logging
import os
import re
import shlex
import shutil
import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
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
    "N—(4-chlorophenyl)acetamide": "CC(=O)Nc1ccc(Cl)cc1",  # US patents' em dash after N
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
    "Form II",  # a crystal form of nothing named
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
# Names of a compound written another way: an abbreviation, a crystal form, a salt of
# a drug the dictionary knows only as the free base.
WRITTEN_OTHERWISE = {
    "THF": "C1CCOC1",
    "DMSO": "CS(C)=O",
    "2-MeTHF": "CC1CCCO1",
    "Carbamazepine form III": "NC(=O)N1c2ccccc2C=Cc2ccccc21",
    "paracetamol (form II)": "CC(=O)Nc1ccc(O)cc1",
    "fluoxetine hydrochloride": "CNCCC(Oc1ccc(C(F)(F)F)cc1)c1ccccc1.Cl",
}
ALL = [*SYSTEMATIC, *TRIVIAL, *NOTHING, *AMBIGUOUS, *WRITTEN_OTHERWISE, "oxygen", "iodine"]


@dataclass
class Batch:
    resolver: NameResolver
    results: dict[str, Resolved]
    jvms: list[subprocess.Popen[Any]]


def spying_popen(started: list[subprocess.Popen[Any]]) -> Any:
    real_popen = subprocess.Popen

    def popen(*args: Any, **kwargs: Any) -> Any:
        process = real_popen(*args, **kwargs)
        started.append(process)
        return process

    return popen


@pytest.fixture(autouse=True)
def jvms(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[subprocess.Popen[Any]]]:
    """The processes a test starts; each must have been reaped (not just ended) by its end."""
    started: list[subprocess.Popen[Any]] = []
    monkeypatch.setattr(subprocess, "Popen", spying_popen(started))
    yield started
    assert [process.returncode for process in started if process.returncode is None] == []


@pytest.fixture(scope="module")
def batch() -> Iterator[Batch]:
    started: list[subprocess.Popen[Any]] = []
    with NameResolver() as resolver:
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(subprocess, "Popen", spying_popen(started))
            results = resolver.resolve(ALL)
        yield Batch(resolver, results, started)
    assert started[0].returncode == 0  # asked to stop, it finished on its own


def test_java_and_opsin_are_present(batch: Batch) -> None:
    assert batch.resolver.opsin_available


def test_one_jvm_for_the_whole_batch(batch: Batch) -> None:
    assert len(batch.jvms) == 1
    command = batch.jvms[0].args
    assert isinstance(command, list)
    assert "-jar" in command


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


@pytest.mark.parametrize(("name", "smiles"), WRITTEN_OTHERWISE.items())
def test_abbreviations_crystal_forms_and_salts_of_known_drugs(
    batch: Batch, name: str, smiles: str
) -> None:
    found = batch.results[name]
    assert (found.name, found.inchikey) == (name, key(smiles))


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


def names_log(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name == "molextract.chem.names"]


def opsin_batches(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in names_log(caplog) if r.getMessage().startswith("asking")]


def test_answers_are_cached(
    batch: Batch, jvms: list[subprocess.Popen[Any]], caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.DEBUG, logger="molextract.chem.names"):
        assert batch.resolver.resolve(ALL) == batch.results
    assert opsin_batches(caplog) == []
    assert jvms == []


def test_new_names_in_a_known_batch_go_to_the_same_jvm(
    batch: Batch, jvms: list[subprocess.Popen[Any]], caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.DEBUG, logger="molextract.chem.names"):
        found = batch.resolver.resolve([*ALL, "2-methylpropan-1-ol", "benzonitrile"])
    assert opsin_batches(caplog) == ["asking OPSIN 2 names"]
    assert jvms == []
    assert batch.jvms[0].poll() is None
    assert found["2-methylpropan-1-ol"].inchikey == key("CC(C)CO")
    assert found["benzonitrile"].inchikey == key("N#Cc1ccccc1")


# Batches of a few names each, as the pipeline sends them, with hand-drawn structures.
# The Greek letter checks that OPSIN's echo of a name is recognised beyond ASCII.
CALLS: list[dict[str, str | None]] = [
    {"4-chloro-3-nitrobenzoic acid": "OC(=O)c1ccc(Cl)c([N+](=O)[O-])c1"},
    {"naphthol": None, "cyclohexanone": "O=C1CCCCC1", "notacompoundatall": None},
    {"α-D-glucopyranose": "OC[C@H]1O[C@H](O)[C@H](O)[C@@H](O)[C@@H]1O"},
    {"2,6-dimethylphenol": "Cc1cccc(C)c1O", "dibromobenzene": None},
]


def opsin_only(resolver: NameResolver, names: dict[str, str | None]) -> None:
    found = resolver.resolve(names)
    assert {name: r.inchikey for name, r in found.items()} == {
        name: key(smiles) for name, smiles in names.items() if smiles is not None
    }
    assert {r.source for r in found.values()} <= {"opsin"}


def test_one_jvm_serves_every_call(jvms: list[subprocess.Popen[Any]]) -> None:
    with NameResolver(dictionary=False) as resolver:
        assert jvms == []  # started on the first name, not before
        for names in CALLS:
            opsin_only(resolver, names)
        assert len(jvms) == 1
        assert jvms[0].poll() is None


def test_threads_share_one_jvm(jvms: list[subprocess.Popen[Any]]) -> None:
    with NameResolver(dictionary=False) as resolver, ThreadPoolExecutor(4) as pool:
        for done in [pool.submit(opsin_only, resolver, names) for names in CALLS]:
            done.result()
    assert len(jvms) == 1


def test_a_killed_jvm_is_replaced_on_the_next_call(
    jvms: list[subprocess.Popen[Any]], caplog: pytest.LogCaptureFixture
) -> None:
    with NameResolver(dictionary=False) as resolver:
        opsin_only(resolver, CALLS[0])
        jvms[0].kill()
        jvms[0].wait()
        with caplog.at_level(logging.INFO, logger="molextract.chem.names"):
            opsin_only(resolver, CALLS[1])
        assert len(jvms) == 2
        assert jvms[1].poll() is None
    assert [r.getMessage() for r in names_log(caplog)] == [
        f"OPSIN's JVM (pid {jvms[0].pid}) had exited (status -9)"
    ]


def test_a_jvm_that_exits_mid_batch_is_replaced_once(
    tmp_path: Path, jvms: list[subprocess.Popen[Any]], caplog: pytest.LogCaptureFixture
) -> None:
    """The first runtime answers only the first name, then ends, as a crash would."""
    java = shutil.which("java")
    assert java is not None
    flaky = tmp_path / "java"
    flaky.write_text(
        "#!/bin/sh\n"
        f'if [ -e "$0.ran" ]; then exec {shlex.quote(java)} "$@"; fi\n'
        ': > "$0.ran"\n'
        f'head -n 1 | {shlex.quote(java)} "$@"\n'
    )
    flaky.chmod(0o755)
    names = CALLS[0] | CALLS[1] | CALLS[3]
    with (
        caplog.at_level(logging.WARNING, logger="molextract.chem.names"),
        NameResolver(java=str(flaky), dictionary=False) as resolver,
    ):
        opsin_only(resolver, names)
    assert len(jvms) == 2
    assert names_log(caplog) == []  # nothing was lost, so nothing to warn about


def test_close_stops_the_jvm(jvms: list[subprocess.Popen[Any]]) -> None:
    resolver = NameResolver(dictionary=False)
    opsin_only(resolver, CALLS[0])
    resolver.close()
    assert jvms[0].returncode == 0
    resolver.close()  # twice is harmless
    opsin_only(resolver, CALLS[2])  # and a closed resolver starts another on demand
    resolver.close()
    assert [jvm.returncode for jvm in jvms] == [0, 0]


def test_a_forgotten_resolver_stops_its_jvm(jvms: list[subprocess.Popen[Any]]) -> None:
    resolver = NameResolver(dictionary=False)
    opsin_only(resolver, CALLS[0])
    del resolver
    gc.collect()
    assert jvms[0].returncode == 0


def test_no_jvm_outlives_the_interpreter(jvms: list[subprocess.Popen[Any]]) -> None:
    """The shared resolver is never closed; its JVM is stopped and reaped at exit.

    Without that, the JVM would still end once it saw its input close, but later: it
    would be found running just after the interpreter is gone.
    """
    script = (
        "import logging, sys\n"
        "logging.basicConfig(stream=sys.stdout, level=logging.DEBUG, format='%(message)s')\n"
        "from molextract.chem.names import default_resolver\n"
        "assert default_resolver().resolve(['ethyl 3-oxobutanoate'])\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=True
    )
    started = re.search(r"OPSIN's JVM started, pid (\d+)", done.stdout)
    assert started is not None, done.stdout + done.stderr
    with pytest.raises(ProcessLookupError):
        os.kill(int(started[1]), 0)


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


def test_a_timed_out_run_falls_back_and_is_not_cached(
    jvms: list[subprocess.Popen[Any]], caplog: pytest.LogCaptureFixture
) -> None:
    resolver = NameResolver(timeout=0.01)
    with caplog.at_level(logging.WARNING, logger="molextract.chem.names"):
        first = resolver.resolve(["caffeine", "4-nitro-2-(3-thienyl)phenol"])
        second = resolver.resolve(["caffeine", "4-nitro-2-(3-thienyl)phenol"])
    assert len(jvms) == 2  # each hung JVM was killed (and reaped: see ``jvms``)
    assert set(first) == set(second) == {"caffeine"}
    assert first["caffeine"].source == "dictionary"
    notices = names_log(caplog)
    assert len(notices) == 2  # asked again, failed again
    assert all("no answer within 0.01 s" in r.getMessage() for r in notices)


def test_a_failing_runtime_falls_back(
    jvms: list[subprocess.Popen[Any]], caplog: pytest.LogCaptureFixture
) -> None:
    resolver = NameResolver(java="/bin/false")  # a runtime that exits with status 1
    with caplog.at_level(logging.WARNING, logger="molextract.chem.names"):
        found = resolver.resolve(["paracetamol"])
    assert found["paracetamol"].source == "dictionary"
    assert "exit status 1" in names_log(caplog)[0].getMessage()
    assert len(jvms) == 2  # restarted once, then given up for this batch


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
