"""TEST-ONLY stand-in for SGLang's ``sgl_kernel`` package, in plain torch.

SGLang's CPU engine (``SGLANG_USE_CPU_ENGINE=1``) imports its kernels from ``sgl_kernel``,
which PyPI ships only as CUDA builds (the CPU build is compiled from source for Intel AMX
Xeons). molextract's tests run a real SGLang 0.5.23 server on a plain x86 CPU, so this
package provides the names SGLang's CPU path imports when it serves a small text model:

- ``assign_req_to_token_pool_cpu``, written in plain torch (slow but simple);
- the rest only so that SGLang's modules import: speculative decoding and KV-cache moves,
  which the tests never turn on. Calling one raises ``NotImplementedError`` naming this shim.

It is put on the path of the test venv alone (``scripts/engine_servers.py`` writes a
``.pth`` file there), never on the product's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NoReturn

import torch

__version__ = "0.0.0+molextract.test.shim"

__all__ = [
    "assign_draft_cache_locs_contiguous_cpu",
    "assign_extend_cache_locs_cpu",
    "assign_req_to_token_pool_cpu",
    "build_tree_kernel_efficient_cpu",
    "copy_all_layer_kv_cache_cpu",
    "fill_accept_out_cache_loc_cpu",
    "fill_bonus_tokens_cpu",
    "verify_tree_greedy_cpu",
]


def assign_req_to_token_pool_cpu(
    req_pool_indices: torch.Tensor,
    req_to_token: torch.Tensor,
    start_offset: torch.Tensor,
    end_offset: torch.Tensor,
    out_cache_loc: torch.Tensor,
    pool_len: int,
) -> None:
    """Test shim: write each request's slice of ``out_cache_loc`` into its token-pool row.

    Request ``i`` owns the next ``end_offset[i] - start_offset[i]`` entries of
    ``out_cache_loc`` (the requests' slices are laid end to end), and they go to
    ``req_to_token[req_pool_indices[i], start_offset[i]:end_offset[i]]``. ``pool_len`` is
    the row length, as the real kernel takes it.
    """
    cursor = 0
    rows = zip(req_pool_indices.tolist(), start_offset.tolist(), end_offset.tolist(), strict=True)
    for row, start, end in rows:
        length = end - start
        if length <= 0:
            continue
        if end > pool_len:
            raise ValueError(f"slice {start}:{end} runs past the token-pool row ({pool_len})")
        req_to_token[row, start:end] = out_cache_loc[cursor : cursor + length]
        cursor += length


def _import_only(name: str, feature: str) -> Callable[..., NoReturn]:
    """Test shim: a name SGLang imports on CPU for ``feature``, which the tests never use."""

    def stub(*_args: Any, **_kwargs: Any) -> NoReturn:
        raise NotImplementedError(
            f"sgl_kernel.{name} ({feature}) is not in molextract's test-only sgl_kernel shim "
            "(tests/engine_servers/sglang_shim)"
        )

    stub.__name__ = stub.__qualname__ = name
    return stub


_SPECULATIVE = "speculative decoding"
copy_all_layer_kv_cache_cpu = _import_only("copy_all_layer_kv_cache_cpu", "KV-cache copy")
assign_draft_cache_locs_contiguous_cpu = _import_only(
    "assign_draft_cache_locs_contiguous_cpu", _SPECULATIVE
)
assign_extend_cache_locs_cpu = _import_only("assign_extend_cache_locs_cpu", _SPECULATIVE)
build_tree_kernel_efficient_cpu = _import_only("build_tree_kernel_efficient_cpu", _SPECULATIVE)
fill_accept_out_cache_loc_cpu = _import_only("fill_accept_out_cache_loc_cpu", _SPECULATIVE)
fill_bonus_tokens_cpu = _import_only("fill_bonus_tokens_cpu", _SPECULATIVE)
verify_tree_greedy_cpu = _import_only("verify_tree_greedy_cpu", _SPECULATIVE)
