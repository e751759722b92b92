"""Generation engines behind one protocol; ``create_engine`` picks one from settings."""

from molextract.engines.base import ChatMessage, Engine, FinishReason, Generation, Prompt
from molextract.engines.factory import create_engine

__all__ = ["ChatMessage", "Engine", "FinishReason", "Generation", "Prompt", "create_engine"]
