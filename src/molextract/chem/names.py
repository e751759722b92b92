"""Compound names to structures, offline: OPSIN for systematic names, a dictionary for the rest.

Papers name compounds far more often than they draw them, so a name is the best
handle on the structure a record is about. Systematic names are parsed by OPSIN (the
jar shipped inside the py2opsin package, run on the local Java); trivial names (drugs,
solvents, reagents, natural products) come from the ``chemicals`` package's database.
Neither goes near the network.

Both sources answer for words that name no single compound: the dictionary calls
"hexanes" isohexane and "petroleum ether" benzene, and OPSIN picks one isomer for
"xylene". Such names resolve to nothing (:func:`resolvable`), and so does any name
OPSIN itself reports as ambiguous: a guessed structure would look as trustworthy as a
real one further down the pipeline.

py2opsin's own wrapper is not used: it starts a JVM per call, cannot be given a Java
binary or a timeout, reports through ``warnings`` (errors under pytest), and drops the
per-name ambiguity warnings that OPSIN prints.
"""

from __future__ import annotations

import contextlib
import functools
import importlib.util
import logging
import os
import queue
import re
import shutil
import subprocess
import threading
import time
import unicodedata
import weakref
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, Literal, Self

from rdkit import Chem

from molextract.chem.structure import StructureInfo, analyze_smiles

logger = logging.getLogger(__name__)

Source = Literal["opsin", "dictionary"]

# Longer strings are paragraphs, not names; OPSIN would only spend time rejecting them.
MAX_NAME_LENGTH = 1000
# A server sees names from every paper it reads; beyond this the oldest answers go.
_CACHE_LIMIT = 100_000
# C2's compile threads cost OPSIN more than they return (measured 2.6x faster on 10,000
# names with C1 only) and would compete with the pipeline for a small machine's cores;
# one GC thread is plenty.
_JVM_FLAGS = ("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC")
# OPSIN prints this, on stderr, before the SMILES of a name it had to guess at; several
# warnings for one name share a line, joined by ";".
_AMBIGUOUS = re.compile(r"(?:^|;)APPEARS_AMBIGUOUS:")
# Bytes of names written ahead of OPSIN's replies: below any pipe's capacity.
_WINDOW = 8192
# Seconds a JVM asked to stop (its input closed) gets before it is killed.
_CLOSE_GRACE = 2.0


@dataclass(frozen=True, slots=True)
class Resolved:
    """A structure for a name, and which source vouched for it."""

    name: str  # as asked
    smiles: str  # canonical, from RDKit
    inchikey: str | None
    formula: str
    mol_weight: float
    source: Source


# Typography from PDFs and word processors that the dictionary (unlike OPSIN) would not
# recognise; middle dots join salts ("aniline·HCl"), which OPSIN reads with a space.
_TYPOGRAPHY = str.maketrans(
    {
        **dict.fromkeys("‐‑‒–—−﹣－", "-"),
        **dict.fromkeys("’‘′", "'"),
        **dict.fromkeys("·•∙⋅", " "),
    }
)
_QUOTES = '"“”«»'
# "4-nitrophenol (3b)": the paper's label for the compound, not part of its name.
_TRAILING_LABEL = re.compile(r"\s+[(\[](?:compound\s+)?[1-9][0-9]*[a-z]{0,2}'*[)\]]$", re.I)


#: "carbamazepine form III": a crystal form of the compound, not another compound.
_CRYSTAL_FORM = re.compile(
    r"\s+(?:\(\s*)?(?:form|polymorph|modification|phase)\s+(?:[IVX]{1,4}|[A-H]|\d{1,2}|[αβγδ])"
    r"(?:\s*\))?$",
    re.IGNORECASE,
)
#: Abbreviations written for whole compounds in any experimental text, with the name
#: OPSIN or the dictionary resolves. Only an exact match counts: "DMF" is
#: N,N-dimethylformamide, "dmf" in a name is nothing.
_ABBREVIATIONS = {
    "THF": "tetrahydrofuran",
    "2-MeTHF": "2-methyltetrahydrofuran",
    "DMF": "N,N-dimethylformamide",
    "DMA": "N,N-dimethylacetamide",
    "DMAc": "N,N-dimethylacetamide",
    "DMSO": "dimethyl sulfoxide",
    "NMP": "N-methyl-2-pyrrolidone",
    "DCM": "dichloromethane",
    "DCE": "1,2-dichloroethane",
    "MeCN": "acetonitrile",
    "ACN": "acetonitrile",
    "MeOH": "methanol",
    "EtOH": "ethanol",
    "iPrOH": "propan-2-ol",
    "IPA": "propan-2-ol",
    "EtOAc": "ethyl acetate",
    "Et2O": "diethyl ether",
    "MTBE": "tert-butyl methyl ether",
    "TBME": "tert-butyl methyl ether",
    "CPME": "cyclopentyl methyl ether",
    "DME": "1,2-dimethoxyethane",
    "AcOH": "acetic acid",
    "TFA": "trifluoroacetic acid",
    "HMPA": "hexamethylphosphoramide",
    "Et3N": "triethylamine",
    "TEA": "triethylamine",
    "DIPEA": "N,N-diisopropylethylamine",
    "DMAP": "4-(dimethylamino)pyridine",
    "DBU": "1,8-diazabicyclo[5.4.0]undec-7-ene",
    "NBS": "N-bromosuccinimide",
    "NCS": "N-chlorosuccinimide",
    "TMS": "tetramethylsilane",
}


def _normalise(name: str) -> str:
    text = unicodedata.normalize("NFKC", name).translate(_TYPOGRAPHY)
    text = " ".join(text.split())
    # Soft hyphens and zero-width spaces survive PDF extraction and split words; a lone
    # surrogate could not be sent to OPSIN at all.
    text = "".join(ch for ch in text if unicodedata.category(ch) not in ("Cc", "Cf", "Cs"))
    text = text.strip(_QUOTES).rstrip(".,;: ").strip(_QUOTES)
    text = _CRYSTAL_FORM.sub("", _TRAILING_LABEL.sub("", text).strip()).strip()
    return _ABBREVIATIONS.get(text, text)


_LABEL_WORDS = (
    "compound|compd|cpd|example|entry|product|intermediate|int|substrate|precursor|ligand"
    "|complex|catalyst|isomer|analogue|analog|derivative|adduct|table|scheme|figure|fig|ref"
)
# "3b", "IIIa", "(±)-7", "Example 2B", "compounds 3a-c": how papers point at a structure.
_LABEL = re.compile(
    rf"(?:(?:{_LABEL_WORDS})s?\.?\s*)?(?:\([^()]*\)-?)?(?:[0-9]+[a-z]{{0,3}}|[ivx]+[a-z]?)'*"
    r"(?:\s*(?:[-,/&]|and|to)\s*[0-9ivx]*[a-z]{0,3}'*)*"
)
# A name made of nothing but these words points at something without naming it.
_GENERIC = frozenset(
    {"the", "a", "an", "of", "and", "or", "this", "that", "its", "our", "same", "new", "crude"}
    | {"pure", "purified", "desired", "target", "final", "title", "resulting", "corresponding"}
    | {"obtained", "isolated", "starting", "unknown", "above", "following", "compound"}
    | {"compounds", "product", "products", "residue", "material", "materials", "intermediate"}
    | {"substrate", "reagent", "reactant", "catalyst", "precursor", "sample", "analyte"}
    | {"solution", "solvent", "extract", "filtrate", "precipitate", "suspension", "slurry"}
    | {"emulsion", "mixture", "example", "entry", "table", "scheme", "figure", "solid", "liquid"}
    | {"oil", "gum", "foam", "powder", "crystal", "crystals", "needles", "plates", "prisms"}
    | {"glass", "syrup", "wax", "resin", "film", "gel", "paste", "semisolid", "amorphous"}
    | {"crystalline", "viscous", "waxy", "sticky", "thick", "fine", "white", "off", "colorless"}
    | {"colourless", "yellow", "yellowish", "pale", "light", "dark", "deep", "bright", "brown"}
    | {"brownish", "orange", "red", "reddish", "green", "greenish", "blue", "purple", "violet"}
    | {"pink", "black", "grey", "gray", "beige", "tan", "amber", "cream", "clear", "acid", "base"}
    | {"free", "alcohol", "amine", "ester", "ether", "ketone", "aldehyde", "amide", "salt"}
    | {"sugar", "fat", "lipid", "protein", "peptide", "polymer", "copolymer", "oligomer"}
    | {"complex", "ligand", "adduct", "derivative", "analogue", "analog", "isomer", "enantiomer"}
    | {"diastereomer", "racemate", "hydrate", "solvate", "conjugate", "dimer", "monomer"}
    | {"hydrocarbon", "alkane", "alkene", "alkyne", "arene", "aromatic", "heterocycle"}
    | {"carbohydrate", "steroid", "alkaloid", "terpene", "flavonoid", "surfactant", "detergent"}
    | {"dye", "pigment", "buffer", "ion", "anion", "cation", "metal", "petroleum", "mineral"}
    | {"spirit", "spirits"}
)
# Materials and mixtures that the dictionary maps onto one component.
_MIXTURES = frozenset(
    {"ligroin", "ligroine", "naphtha", "kerosene", "kerosine", "gasoline", "petrol", "diesel"}
    | {"paraffin", "paraffin oil", "paraffin wax", "liquid paraffin", "white spirit"}
    | {"mineral spirits", "benzine", "nujol", "vaseline", "petrolatum", "celite", "kieselguhr"}
    | {"diatomaceous earth", "florisil", "silica gel", "activated carbon", "activated charcoal"}
    | {"charcoal", "carbon black", "molecular sieves", "brine", "sea water", "seawater", "air"}
    | {"aqua regia"}
)
# Names without locants for which the dictionary returns one isomer as if it were the
# only one ("chlorotoluene" is benzyl chloride there). OPSIN flags these itself; this
# list covers the runs where it is not available.
_ISOMER_MIXTURES = frozenset(
    {"xylene", "cresol", "xylenol", "collidine", "toluidine", "xylidine", "anisidine"}
    | {"phenylenediamine", "dichlorobenzene", "chlorotoluene", "nitrotoluene", "nitrophenol"}
    | {"chlorophenol", "bromophenol", "aminophenol", "aminopyridine", "methylpyridine"}
    | {"toluic acid", "hydroxybenzoic acid", "methylnaphthalene", "dimethylnaphthalene"}
    | {"trimethylbenzene", "dichloroethane", "trichloroethane", "chloropropane"}
    | {"dichloropropane", "butene", "pentene", "hexene", "heptene", "octene", "pinene"}
)
_MIXTURE_WORDS = frozenset({"mixture", "mixtures", "mixed", "isomers", "blend", "extract"})
_NATURAL_MIXTURE_ENDINGS = frozenset({"oil", "oils", "resin", "wax", "tar", "gum", "latex"})
_POLYMER = re.compile(
    r"\bpoly(?:\(|[\s-]|mer|ol\b|ethylene|propylene|styrene|vinyl|acryl|methacryl|amide"
    r"|ester|ether|urethane|carbonate|saccharide|peptide|siloxane|isoprene|butadiene"
    r"|lactide|imide|sulfone|aniline|pyrrole|thiophene|phenylene|oxyethylene|glycol)"
    r"|^(?:peg|pvp|pva|pvc|pmma|ptfe|pdms|tween|triton|brij|span|pluronic|poloxamer"
    r"|polysorbate)\b"
)
# Plural of a compound or class word: "hexanes", "xylenes", "alkaloids", "benzoic acids".
_PLURAL = re.compile(
    r"(?:^|[^a-z])[a-z]{2,}(?:anes|enes|ynes|ols|ones|ides|ydes|ates|ites|ines|ers|oids"
    r"|ids|ins|ics|yls|oses|ams)$"
)


def _names_a_compound(text: str) -> bool:
    lowered = text.lower()
    words = [word for word in re.findall(r"[a-z]+", lowered) if len(word) > 1]
    return not (
        not words
        or len(text) > MAX_NAME_LENGTH
        or _LABEL.fullmatch(lowered)
        or all(word in _GENERIC for word in words)
        or lowered in _MIXTURES
        or lowered in _ISOMER_MIXTURES
        or any(word in _MIXTURE_WORDS for word in words)
        or words[-1] in _NATURAL_MIXTURE_ENDINGS
        or _POLYMER.search(lowered)
        or _PLURAL.search(lowered)
    )


def resolvable(name: str) -> bool:
    """False for what names no single structure: labels, placeholders, classes, mixtures.

    Both sources would give some of these a structure ("hexanes" → isohexane), so they
    are turned away before either is asked.
    """
    return _names_a_compound(_normalise(name))


@dataclass(frozen=True, slots=True)
class _Answer:
    info: StructureInfo
    source: Source


@dataclass(frozen=True, slots=True)
class _Parsed:
    """OPSIN's reply for one name: a SMILES ("" when it failed) and whether it guessed."""

    smiles: str
    ambiguous: bool


_SALT_ACIDS = {
    "hydrochloride": "Cl",
    "dihydrochloride": "Cl.Cl",
    "hydrobromide": "Br",
    "hydroiodide": "I",
}
_SALT = re.compile(rf"(?P<base>.+?)\s+(?P<salt>{'|'.join(_SALT_ACIDS)})", re.IGNORECASE)


class _OpsinFailed(RuntimeError):
    pass


_NOTICED: set[str] = set()
_NOTICE_LOCK = threading.Lock()


def _notice_once(key: str, message: str, *args: object) -> None:
    """A missing runtime is a setup fact, not an event: say it once per process."""
    with _NOTICE_LOCK:
        if key in _NOTICED:
            return
        _NOTICED.add(key)
    logger.warning(message, *args)


@functools.cache
def _opsin_jar() -> Path | None:
    """py2opsin ships the OPSIN jar; find it without importing py2opsin (which runs Java)."""
    spec = importlib.util.find_spec("py2opsin")
    if spec is None or not spec.submodule_search_locations:
        return None
    jars = sorted(
        jar for folder in spec.submodule_search_locations for jar in Path(folder).glob("opsin*.jar")
    )
    return jars[-1] if jars else None


@functools.cache
def _dictionary() -> Any:
    """Loaded on first use: importing ``chemicals`` and reading its tables takes a second."""
    from chemicals.identifiers import get_pubchem_db

    return get_pubchem_db()


def _structure(smiles: str) -> StructureInfo | None:
    # Wildcard atoms mark polymers' repeat units: a class of molecules, not one.
    return None if "*" in smiles else analyze_smiles(smiles)


def _has_radicals(info: StructureInfo) -> bool:
    if "[" not in info.canonical_smiles:
        return False  # atoms outside brackets get hydrogens to fill their valence
    mol = Chem.MolFromSmiles(info.canonical_smiles)
    return mol is not None and any(atom.GetNumRadicalElectrons() for atom in mol.GetAtoms())


class _OpsinExited(Exception):
    """The JVM ended mid-batch: unlike a hang, worth one restart."""


def _drain(stream: IO[bytes], lines: queue.SimpleQueue[bytes | None]) -> None:
    """Moves the JVM's output to a queue, so that waiting for a reply can time out."""
    try:
        for line in iter(stream.readline, b""):
            lines.put(line)
    except (OSError, ValueError):
        pass  # the pipe was closed under the reader: the process is being stopped
    finally:
        lines.put(None)


def _stop(
    popen: subprocess.Popen[bytes],
    stdin: IO[bytes],
    stdout: IO[bytes],
    reader: threading.Thread,
    owner: int,
) -> None:
    """Ends the JVM and reaps it, leaving neither an orphan nor a zombie.

    OPSIN exits by itself when its input ends, so closing stdin is the polite request;
    a JVM that is stuck on a name ignores it and is killed. A forked child inherits its
    parent's handles, but the JVM is the parent's to stop.
    """
    if os.getpid() != owner:
        return
    if popen.poll() is None:
        with contextlib.suppress(OSError):
            stdin.close()  # fails to flush into a dead pipe, and closes all the same
        with contextlib.suppress(subprocess.TimeoutExpired):
            popen.wait(_CLOSE_GRACE)
        if popen.poll() is None:
            popen.kill()
    popen.wait()
    reader.join(1.0)  # the pipe reached its end when the JVM went
    if not reader.is_alive():
        stdout.close()
    with contextlib.suppress(OSError):
        stdin.close()


class _OpsinProcess:
    """One OPSIN JVM that reads names on stdin and answers each as soon as it is written.

    Nothing that would keep this object alive refers to it (the reader thread has only
    the pipe), so when its resolver goes, the finaliser stops the JVM; at interpreter
    exit the finaliser runs anyway.
    """

    def __init__(self, command: list[str]) -> None:
        popen = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT
        )
        assert popen.stdin is not None and popen.stdout is not None
        self.pid = popen.pid
        self._popen = popen
        self._stdin = popen.stdin
        self._owner = os.getpid()
        self._lines: queue.SimpleQueue[bytes | None] = queue.SimpleQueue()
        reader = threading.Thread(
            target=_drain, args=(popen.stdout, self._lines), name=f"opsin-{popen.pid}", daemon=True
        )
        reader.start()
        self._stopper = weakref.finalize(
            self, _stop, popen, popen.stdin, popen.stdout, reader, self._owner
        )
        self._last_output = ""
        self._writable = True

    def usable(self) -> bool:
        """Running, and this process's own: a forked child has the pipes but no reader."""
        return self._owner == os.getpid() and self._popen.poll() is None

    def returncode(self) -> int | None:
        return self._popen.poll() if self._owner == os.getpid() else None

    def close(self) -> None:
        self._stopper()

    def kill(self) -> None:
        if self._owner == os.getpid() and self._popen.poll() is None:
            self._popen.kill()
        self._stopper()

    def abandon(self) -> None:
        """Forgets a JVM inherited through fork, leaving it to the parent that started it."""
        self._stopper.detach()

    def ask(self, queries: list[str], parsed: dict[str, _Parsed], deadline: float) -> None:
        """Adds OPSIN's reply to each name to ``parsed`` as it arrives.

        A reply is the SMILES (empty if OPSIN failed), a tab and the input line echoed
        (``-n``). Stderr shares the pipe, and OPSIN prints a name's warnings, flushed,
        just before its reply, so a line is taken for a reply only if it echoes the
        oldest unanswered name; everything else (the start-up banner, JVM notices,
        failure explanations, stack traces, however many lines each) is read for the
        ambiguity warning and otherwise skipped. Replies cannot be confused across
        batches either: a batch that does not read all of its replies kills the JVM.

        Names are written at most ``_WINDOW`` bytes ahead of the replies, so the pipe
        to the JVM never fills and a write cannot block past the deadline.

        Raises ``TimeoutError`` at the deadline and ``_OpsinExited`` if the JVM ends.
        """
        lines = [f"{query}\n".encode() for query in queries]
        sent = answered = in_flight = 0
        self._last_output = ""
        ambiguous = False
        while answered < len(queries):
            chunk: list[bytes] = []
            while sent < len(lines) and (not in_flight or in_flight + len(lines[sent]) <= _WINDOW):
                chunk.append(lines[sent])
                in_flight += len(lines[sent])
                sent += 1
            if chunk and self._writable:
                try:
                    self._stdin.write(b"".join(chunk))
                    self._stdin.flush()
                except OSError:
                    self._writable = False  # it has exited; its output, to the end, says why
            try:
                raw = self._lines.get(timeout=max(deadline - time.monotonic(), 0.0))
            except queue.Empty:
                raise TimeoutError from None
            if raw is None:
                raise _OpsinExited(self._exit_reason())
            line = raw.decode("utf-8", "replace").rstrip("\r\n")
            smiles, tab, echoed = line.partition("\t")
            if tab and echoed == queries[answered]:
                parsed[echoed] = _Parsed(smiles.strip(), ambiguous)
                ambiguous = False
                in_flight -= len(lines[answered])
                answered += 1
            else:
                ambiguous = ambiguous or _AMBIGUOUS.search(line) is not None
                self._last_output = line.strip()[:200] or self._last_output

    def _exit_reason(self) -> str:
        try:
            status = self._popen.wait(_CLOSE_GRACE)  # its output has ended: it is on its way out
        except subprocess.TimeoutExpired:
            return f"it closed its output: {self._last_output or 'no output'}"
        if status < 0:
            return f"killed by signal {-status}: {self._last_output or 'no output'}"
        return f"exit status {status}: {self._last_output or 'no output'}"


class NameResolver:
    """Resolves names in batches on one long-lived OPSIN JVM, remembering every answer.

    Starting a JVM and loading OPSIN costs 1-2 s, far more than a batch of names, so the
    JVM is started on the first name that needs it and kept for later batches. ``close``
    (or leaving a ``with`` block) stops it; so does garbage collection of the resolver,
    and interpreter exit. Thread-safe; resolutions are serialised, as the one JVM
    answers one name at a time.
    """

    def __init__(
        self,
        *,
        java: str = "java",
        opsin: bool = True,
        dictionary: bool = True,
        timeout: float = 120.0,
    ) -> None:
        """``java`` is a command looked up on PATH, or a path; ``timeout`` bounds one batch."""
        self._opsin = opsin
        self._java_setting = java
        self._java = shutil.which(java) if opsin else None
        self._jar = _opsin_jar() if opsin else None
        self._dictionary = dictionary
        self._timeout = timeout
        self._cache: dict[str, _Answer | None] = {}
        self._lock = threading.Lock()
        self._process: _OpsinProcess | None = None

    @property
    def opsin_available(self) -> bool:
        return self._java is not None and self._jar is not None

    def close(self) -> None:
        """Stops the JVM, if one runs; the resolver stays usable and would start another."""
        with self._lock:
            process, self._process = self._process, None
        if process is not None:
            process.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def resolve(self, names: Iterable[str]) -> dict[str, Resolved]:
        """The names that resolved, keyed as asked; the others are simply absent."""
        asked = {name: _normalise(name) for name in names}
        with self._lock:
            pending = [query for query in dict.fromkeys(asked.values()) if query not in self._cache]
            fresh, settled = self._look_up(pending)
            if settled:
                self._remember(fresh)
            answers = {
                query: fresh.get(query) or self._cache.get(query) for query in asked.values()
            }
        found: dict[str, Resolved] = {}
        for name, query in asked.items():
            answer = answers[query]
            if answer is not None:
                info = answer.info
                found[name] = Resolved(
                    name, info.canonical_smiles, info.inchikey, info.formula, info.mol_weight,
                    answer.source,
                )  # fmt: skip
        return found

    def _remember(self, fresh: dict[str, _Answer | None]) -> None:
        self._cache.update(fresh)
        while len(self._cache) > _CACHE_LIMIT:
            del self._cache[next(iter(self._cache))]

    def _look_up(self, queries: list[str]) -> tuple[dict[str, _Answer | None], bool]:
        """Answers for uncached names, and whether they may be cached.

        Answers given while OPSIN was failing are not: the next batch asks again.
        """
        answers: dict[str, _Answer | None] = dict.fromkeys(queries)
        candidates = [query for query in queries if _names_a_compound(query)]
        parsed: dict[str, _Parsed] = {}
        settled = True
        if candidates and self._opsin:
            if self._jar is None:
                _notice_once(
                    "jar",
                    "OPSIN skipped: its jar (shipped in the py2opsin package) is not "
                    "installed; names are looked up in the dictionary only",
                )
            elif self._java is None:
                _notice_once(
                    f"java:{self._java_setting}",
                    "OPSIN skipped: no Java runtime at %r; names are looked up in the "
                    "dictionary only (install one, e.g. apt-get install default-jre-headless)",
                    self._java_setting,
                )
            else:
                try:
                    parsed = self._run_opsin(candidates)
                except _OpsinFailed as exc:
                    settled = False
                    logger.warning(
                        "OPSIN failed (%s); these %d names were looked up in the dictionary only",
                        exc,
                        len(candidates),
                    )
        for query in candidates:
            answers[query] = self._settle(query, parsed.get(query))
        return answers, settled

    def _settle(self, query: str, parsed: _Parsed | None) -> _Answer | None:
        if parsed is not None and (parsed.ambiguous or "*" in parsed.smiles):
            return None  # OPSIN saw an isomer mixture or a polymer; the dictionary would guess.
        found = _structure(parsed.smiles) if parsed is not None else None
        if found is None:
            return self._from_dictionary(query)
        if _has_radicals(found):
            # OPSIN reads "oxygen" or "iodine" as a lone atom; the dictionary knows O2 and I2.
            return self._from_dictionary(query) or _Answer(found, "opsin")
        return _Answer(found, "opsin")

    def _from_dictionary(self, query: str) -> _Answer | None:
        if not self._dictionary:
            return None
        database = _dictionary()
        # Names, and only names: search_chemical would also read "CO" as SMILES (methanol)
        # and "C2H6O" as a formula (dimethyl ether). The index is mostly lower case.
        for variant in dict.fromkeys((query, query.lower())):
            hit = database.search_name(variant)
            if hit:
                info = _structure(str(hit.smiles or ""))
                return _Answer(info, "dictionary") if info is not None else None
        salt = _SALT.fullmatch(query)
        if salt is not None:
            # "fluoxetine hydrochloride": the dictionary knows the drug, not each salt.
            base = self._from_dictionary(salt["base"])
            acid = _SALT_ACIDS[salt["salt"].lower()]
            info = _structure(f"{base.info.canonical_smiles}.{acid}") if base else None
            return _Answer(info, "dictionary") if info is not None else None
        return None

    def _run_opsin(self, queries: list[str]) -> dict[str, _Parsed]:
        """OPSIN's replies, from this resolver's JVM.

        A JVM that exits mid-batch (a crash on one name, the OOM killer) is replaced once
        and asked the names still unanswered; one that hangs is killed, as is one whose
        batch was interrupted, since its late replies would be read as the next batch's.
        """
        deadline = time.monotonic() + self._timeout
        logger.debug("asking OPSIN %d names", len(queries))
        parsed: dict[str, _Parsed] = {}
        exited = ""
        for _ in range(2):
            process = self._opsin_process()
            try:
                process.ask([query for query in queries if query not in parsed], parsed, deadline)
            except _OpsinExited as exc:
                process.close()
                self._process = None
                exited = str(exc)
                logger.info("OPSIN's JVM (pid %d) exited mid-batch: %s", process.pid, exc)
                continue
            except TimeoutError as exc:
                process.kill()
                self._process = None
                raise _OpsinFailed(f"no answer within {self._timeout:g} s") from exc
            except BaseException:
                process.kill()
                self._process = None
                raise
            return parsed
        raise _OpsinFailed(exited)

    def _opsin_process(self) -> _OpsinProcess:
        process = self._process
        if process is not None:
            if process.usable():
                return process
            status = process.returncode()
            if status is None:
                process.abandon()  # inherited through fork
            else:
                process.close()  # reaps it
                logger.info("OPSIN's JVM (pid %d) had exited (status %d)", process.pid, status)
            self._process = None
        assert self._java is not None and self._jar is not None
        command = [self._java, *_JVM_FLAGS, "-jar", str(self._jar), "-osmi", "-n"]
        try:
            process = _OpsinProcess(command)
        except OSError as exc:
            raise _OpsinFailed(str(exc)) from exc
        logger.debug("OPSIN's JVM started, pid %d", process.pid)
        self._process = process
        return process


@functools.cache
def default_resolver() -> NameResolver:
    """One resolver per process, so every caller shares its cache."""
    return NameResolver()
