"""The test servers themselves: vLLM and SGLang on this CPU answer schema-constrained requests.

These check the infrastructure in ``tests/utils/engine_servers.py`` (and the builds from
``scripts/engine_servers.py``), not molextract's engines: a prompt that asks for prose must
still come back as JSON valid against the schema, and a restarted server answers on the
same URL.
"""

from __future__ import annotations

import json
import subprocess
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import jsonschema
import pytest

from tests.utils.engine_servers import EngineServer, ensure_built, sglang_server, vllm_server

pytestmark = [pytest.mark.slow, pytest.mark.engine_server]

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "title": {"type": "string", "maxLength": 40},
        "words": {
            "type": "array",
            "items": {"type": "string", "maxLength": 20},
            "minItems": 1,
            "maxItems": 3,
        },
    },
    "required": ["title", "words"],
    "additionalProperties": False,
}
PROSE = "Write a long free-verse poem about benzene rings. Plain prose only, no JSON."
MAX_TOKENS = 200


def _post(server: EngineServer, path: str, body: dict[str, Any]) -> Any:
    response = httpx.post(server.url + path, json=body, timeout=600)
    assert response.status_code == 200, response.text
    return response.json()


def _chat(server: EngineServer) -> dict[str, Any]:
    """One chat completion with the OpenAI ``json_schema`` response format; the choice."""
    answer = _post(
        server,
        "/v1/chat/completions",
        {
            "model": server.model,
            "messages": [{"role": "user", "content": PROSE}],
            "max_tokens": MAX_TOKENS,
            "temperature": 0,
            "response_format": {
                "type": "json_schema",
                "json_schema": {"name": "t", "schema": SCHEMA, "strict": True},
            },
        },
    )
    assert answer["model"] == server.model
    [choice] = answer["choices"]
    return dict(choice)


def _assert_valid(text: str) -> None:
    jsonschema.validate(json.loads(text), SCHEMA)


@pytest.mark.parametrize("name", ["vllm", "sglang"])
def test_chat_completion_is_schema_valid_json_though_prose_was_asked(
    name: str, request: pytest.FixtureRequest
) -> None:
    server: EngineServer = request.getfixturevalue(name)
    choice = _chat(server)
    assert choice["finish_reason"] == "stop", choice
    _assert_valid(choice["message"]["content"])


def test_sglang_native_generate_takes_a_batch_and_a_json_schema_string(
    sglang: EngineServer,
) -> None:
    params = {"max_new_tokens": MAX_TOKENS, "temperature": 0, "json_schema": json.dumps(SCHEMA)}
    answers = _post(
        sglang,
        "/generate",
        {"text": [PROSE, "Describe toluene in three sentences."], "sampling_params": params},
    )
    assert isinstance(answers, list) and len(answers) == 2
    for answer in answers:
        assert answer["meta_info"]["finish_reason"]["type"] == "stop", answer
        assert answer["meta_info"]["completion_tokens"] > 0
        _assert_valid(answer["text"])


@pytest.mark.parametrize("name", ["vllm", "sglang"])
def test_restart_keeps_the_url_and_answers_again(name: str, request: pytest.FixtureRequest) -> None:
    server: EngineServer = request.getfixturevalue(name)
    url = server.url
    server.restart()
    assert server.running and server.url == url
    _assert_valid(_chat(server)["message"]["content"])


@pytest.mark.parametrize(("name", "factory"), [("vllm", vllm_server), ("sglang", sglang_server)])
def test_the_factories_hand_back_the_one_server_of_the_process(
    name: str,
    factory: Callable[[Path], EngineServer],
    request: pytest.FixtureRequest,
    tmp_path: Path,
) -> None:
    server: EngineServer = request.getfixturevalue(name)
    assert factory(tmp_path) is server and server.running
    assert server.rss_bytes() > 0


def test_the_sgl_kernel_shim_fills_each_request_slice() -> None:
    python = Path(ensure_built("sglang")["sglang"]) / "bin" / "python"
    check = textwrap.dedent(
        """
        import torch
        from sgl_kernel import assign_req_to_token_pool_cpu, verify_tree_greedy_cpu

        pool = torch.zeros((3, 8), dtype=torch.int32)
        assign_req_to_token_pool_cpu(
            torch.tensor([2, 0]), pool, torch.tensor([1, 0]), torch.tensor([4, 2]),
            torch.tensor([11, 12, 13, 21, 22], dtype=torch.int32), 8,
        )
        assert pool[2].tolist() == [0, 11, 12, 13, 0, 0, 0, 0], pool
        assert pool[0].tolist() == [21, 22, 0, 0, 0, 0, 0, 0], pool
        assert not pool[1].any()
        try:
            verify_tree_greedy_cpu()
        except NotImplementedError as error:
            assert "test-only" in str(error)
        else:
            raise AssertionError("an import-only stub ran")
        """
    )
    result = subprocess.run([str(python), "-c", check], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
