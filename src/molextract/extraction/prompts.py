"""Chat prompts: the schema's instructions and examples, then the chunk.

The fixed part comes first and is identical for every chunk of a schema, so
llama.cpp (prefix reuse) and SGLang (radix cache) evaluate it only once.
"""

from __future__ import annotations

from molextract.engines.base import ChatMessage, Prompt
from molextract.schemas.spec import SchemaSpec


def _system(schema: SchemaSpec) -> str:
    lines = [schema.instructions, "", "Properties:"]
    for prop in schema.properties:
        units = ", ".join(u if u is not None else "null (dimensionless)" for u in prop.units)
        lines.append(f"- {prop.name}: {prop.description}; unit one of: {units}")
    return "\n".join(lines)


def _user(text: str) -> ChatMessage:
    return {"role": "user", "content": f"Text:\n{text}"}


def build_prompt(schema: SchemaSpec, text: str) -> Prompt:
    messages: Prompt = [{"role": "system", "content": _system(schema)}]
    for example in schema.examples:
        messages.append(_user(example.text))
        messages.append({"role": "assistant", "content": example.answer_json()})
    messages.append(_user(text))
    return messages
