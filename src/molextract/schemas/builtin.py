"""The built-in schemas: one per property family, plus ``molecular_properties``.

A property's name, description and units come from its declaration
(``schemas/properties.py``); a schema here adds its instructions and examples.
Examples are short on purpose: they sit in every prompt, ahead of the document,
so llama.cpp evaluates them once and reuses that prefix for every chunk.
"""

from molextract.schemas import properties as declared
from molextract.schemas.properties import SOLUBILITY_UNITS, TEMPERATURE_UNITS
from molextract.schemas.spec import Example, SchemaSpec

# Each property as its declaration (``schemas/properties.py``) states it.
MELTING = declared.MELTING_POINT.spec
BOILING = declared.BOILING_POINT.spec
SOLUBILITY = declared.SOLUBILITY.spec
LOGP = declared.LOGP.spec
LOGD = declared.LOGD.spec
YIELD = declared.REACTION_YIELD.spec
DENSITY = declared.DENSITY.spec

__all__ = [
    "BOILING", "BUILTIN_SCHEMAS", "DENSITY", "LOGD", "LOGP", "MELTING", "SOLUBILITY",
    "SOLUBILITY_UNITS", "TEMPERATURE_UNITS", "YIELD",
]  # fmt: skip

_RULES = (
    "Rules: one record per stated value. 'quote' is the shortest full sentence or clause "
    "that states the value, copied character for character from the text. 'value' is the "
    "number exactly as written (ranges as '121-123', bounds as '> 280'). 'smiles' only if "
    "the text itself gives a SMILES string, else null. "
    'If nothing is stated, answer {"records": []}. Never invent values.'
)


def _instructions(what: str) -> str:
    return f"You extract {what} from chemistry text and answer only with JSON. {_RULES}"


def _example(text: str, *records: dict[str, object]) -> Example:
    return Example(text=text, records=tuple(records))


def _record(quote: str, compound: str, smiles: str | None, prop: str, value: str,
            unit: str | None, conditions: str | None = None) -> dict[str, object]:  # fmt: skip
    return {
        "quote": quote, "compound": compound, "smiles": smiles, "property": prop,
        "value": value, "unit": unit, "conditions": conditions,
    }  # fmt: skip


_MP_EXAMPLE = _example(
    "Recrystallisation from ethanol gave benzoic acid as white needles, mp 121–123 °C.",
    _record("benzoic acid as white needles, mp 121–123 °C", "benzoic acid",
            None, "melting_point", "121-123", "°C"),
)  # fmt: skip
_BP_EXAMPLE = _example(
    "Toluene (bp 110.6 °C) was distilled before use.",
    _record("Toluene (bp 110.6 °C)", "toluene", None, "boiling_point", "110.6", "°C"),
)
_SOL_EXAMPLE = _example(
    "Caffeine dissolves in water at 21.6 g/L at 25 °C.",
    _record("Caffeine dissolves in water at 21.6 g/L at 25 °C", "caffeine",
            None, "solubility", "21.6", "g/L", "water, 25 °C"),
)  # fmt: skip
_LOGP_EXAMPLE = _example(
    "The measured logP of ibuprofen was 3.97.",
    _record("The measured logP of ibuprofen was 3.97", "ibuprofen",
            None, "logP", "3.97", None),
)  # fmt: skip
_YIELD_EXAMPLE = _example(
    "Amide 4b was obtained in 87% yield after chromatography.",
    _record("Amide 4b was obtained in 87% yield", "4b", None, "reaction_yield", "87", "%"),
)
_DENSITY_EXAMPLE = _example(
    "Chloroform has a density of 1.49 g/cm³ at 20 °C.",
    _record("Chloroform has a density of 1.49 g/cm³ at 20 °C", "chloroform", None,
            "density", "1.49", "g/cm³", "20 °C"),
)  # fmt: skip
_EMPTY_EXAMPLE = _example("The solution was stirred overnight and filtered.")

BUILTIN_SCHEMAS: tuple[SchemaSpec, ...] = (
    SchemaSpec("melting_point", "Melting points of compounds.",
               _instructions("melting points"), (MELTING,), (_MP_EXAMPLE, _EMPTY_EXAMPLE)),
    SchemaSpec("boiling_point", "Boiling points of compounds, with pressure if stated.",
               _instructions("boiling points (pressure goes in 'conditions')"), (BOILING,),
               (_BP_EXAMPLE, _EMPTY_EXAMPLE)),
    SchemaSpec("solubility", "Solubilities, with solvent and temperature.",
               _instructions("solubilities (solvent and temperature go in 'conditions')"),
               (SOLUBILITY,), (_SOL_EXAMPLE, _EMPTY_EXAMPLE)),
    SchemaSpec("partition_coefficient", "logP and logD values.",
               _instructions("logP and logD values (pH goes in 'conditions')"), (LOGP, LOGD),
               (_LOGP_EXAMPLE, _EMPTY_EXAMPLE)),
    SchemaSpec("reaction_yield", "Yields of reaction products.",
               _instructions("reaction yields in percent"), (YIELD,),
               (_YIELD_EXAMPLE, _EMPTY_EXAMPLE)),
    SchemaSpec("density", "Densities, with temperature if stated.",
               _instructions("densities (temperature goes in 'conditions')"), (DENSITY,),
               (_DENSITY_EXAMPLE, _EMPTY_EXAMPLE)),
    SchemaSpec("molecular_properties", "All built-in properties at once.",
               _instructions("melting and boiling points, solubilities, logP/logD, yields "
                             "and densities"),
               (MELTING, BOILING, SOLUBILITY, LOGP, LOGD, YIELD, DENSITY),
               (_MP_EXAMPLE, _SOL_EXAMPLE, _EMPTY_EXAMPLE), max_records=12),
)  # fmt: skip
