"""A loopback server that speaks the OpenAI and Anthropic HTTP APIs and replays recorded proofs.

It lets the whole evaluation pipeline (the real ``openai`` and ``anthropic`` SDKs, retries,
the cache, resuming) run without a network or an API key, and it injects the failures real
providers produce: 429, 500, timeouts and truncated bodies.

Endpoints: ``POST /v1/chat/completions`` and ``POST /v1/completions`` (OpenAI and every
OpenAI-compatible server: vLLM, llama.cpp, Ollama) and ``POST /v1/messages`` (Anthropic).

The server finds the last ``Q: ...`` problem in the prompt. If the request is the second
step of the two-step prompt (it ends with the answer cue), it replies with the recorded
answer; otherwise with the recorded proof. Unknown problems get an empty proof.

Run it by hand: ``python -m vlp.lm.stub_server --recorded DIR [--port 8000]``.
"""

from __future__ import annotations

import argparse
import json
import socket
import threading
import time
from collections.abc import Iterable, Mapping
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import attrs

from vlp.lm.prompt import ANSWER_CUE, QUESTION_PREFIX
from vlp.records import read_json_file, read_jsonl

FAULT_KINDS = ("429", "500", "401", "timeout", "truncate", "disconnect")


@attrs.frozen
class RecordedTranscript:
    """A model's recorded reply to one problem: its proof and its answer completion."""

    problem: str
    proof: str
    answer: str
    thinking: str = ""
    source: str = ""

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> RecordedTranscript:
        return cls(problem=str(obj["problem"]), proof=str(obj["proof"]),
                   answer=str(obj["answer"]), thinking=str(obj.get("thinking", "")),
                   source=str(obj.get("source", "")))


def load_recorded(paths: Iterable[Path]) -> list[RecordedTranscript]:
    """Read recorded transcripts from ``.json`` files (one object or a list) and ``.jsonl``."""
    transcripts: list[RecordedTranscript] = []
    for path in paths:
        path = Path(path)
        files = sorted(path.glob("*.json*")) if path.is_dir() else [path]
        for file in files:
            if file.suffix == ".jsonl":
                objs = [obj for _, obj in read_jsonl(file, "recorded transcripts")]
            else:
                loaded = read_json_file(file, "recorded transcript")
                objs = loaded if isinstance(loaded, list) else [loaded]
            transcripts.extend(RecordedTranscript.from_json(obj) for obj in objs)
    return transcripts


def _normalize(text: str) -> str:
    return " ".join(text.replace("\u2019", "'").split()).lower()


class StubServer:
    """The server, run in a daemon thread on 127.0.0.1 with an ephemeral port.

    ``faults`` maps 1-based request numbers to a fault kind (see ``FAULT_KINDS``);
    ``reject_temperature`` lists model names that answer 400 when sent a temperature,
    as OpenAI's reasoning models do. ``delay`` slows every reply (seconds), so a test can
    interrupt a run midway; ``hang`` is how long a "timeout" fault stalls before closing.
    """

    def __init__(self, transcripts: Iterable[RecordedTranscript] = (), *,
                 faults: Mapping[int, str] | None = None, delay: float = 0.0,
                 hang: float = 2.0, reject_temperature: Iterable[str] = (),
                 port: int = 0) -> None:
        self.transcripts = {_normalize(t.problem): t for t in transcripts}
        self.faults = dict(faults or {})
        unknown = set(self.faults.values()) - set(FAULT_KINDS)
        if unknown:
            raise ValueError(f"unknown fault kinds {sorted(unknown)}; expected {FAULT_KINDS}")
        self.delay = delay
        self.hang = hang
        self.reject_temperature = frozenset(reject_temperature)
        self.requests: list[tuple[str, dict[str, Any]]] = []
        self._lock = threading.Lock()
        self._server = ThreadingHTTPServer(("127.0.0.1", port), self._handler_class())
        self._server.daemon_threads = True
        # A client that hangs up mid-reply (a killed run, a timeout) is expected here.
        self._server.handle_error = lambda request, client_address: None  # type: ignore[method-assign]
        self._thread: threading.Thread | None = None

    @property
    def port(self) -> int:
        return int(self._server.server_address[1])

    @property
    def base_url(self) -> str:
        """The OpenAI-style base URL (``.../v1``); Anthropic's SDK takes ``root_url``."""
        return f"http://127.0.0.1:{self.port}/v1"

    @property
    def root_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> StubServer:
        self._thread = threading.Thread(target=self._server.serve_forever,
                                        kwargs={"poll_interval": 0.05}, daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def __enter__(self) -> StubServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # -- replies ---------------------------------------------------------------------------

    def _record(self, path: str, body: dict[str, Any]) -> int:
        with self._lock:
            self.requests.append((path, body))
            return len(self.requests)

    def reply_text(self, prompt: str, thinking_requested: bool = False) -> tuple[str, str]:
        """The (text, thinking) to send for a prompt: the recorded proof or answer."""
        start = prompt.rfind(QUESTION_PREFIX)
        asked = prompt[start + len(QUESTION_PREFIX):] if start >= 0 else prompt
        is_answer_step = prompt.rstrip().endswith(ANSWER_CUE)
        recorded = None
        for key, transcript in self.transcripts.items():
            if _normalize(asked).startswith(key):
                recorded = transcript
                break
        if recorded is None:
            return ("", "")
        if is_answer_step:
            return (" " + recorded.answer, "")
        thinking = recorded.thinking or ("I will follow the format of the examples."
                                         if thinking_requested else "")
        return (recorded.proof, thinking)

    def _handler_class(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
                pass  # quiet: tests read the request log instead

            def do_POST(self) -> None:  # noqa: N802 (http.server's naming)
                length = int(self.headers.get("Content-Length") or 0)
                try:
                    body = json.loads(self.rfile.read(length) or b"{}")
                except json.JSONDecodeError:
                    self._send_json(400, {"error": {"message": "invalid JSON body"}})
                    return
                number = server._record(self.path, body)
                fault = server.faults.get(number)
                if server.delay:
                    time.sleep(server.delay)
                if fault == "timeout":
                    time.sleep(server.hang)
                    self._close()
                    return
                if fault == "disconnect":
                    self._close()
                    return
                if fault in ("429", "500", "401"):
                    status = int(fault)
                    kind = {429: "rate_limit_error", 500: "api_error",
                            401: "authentication_error"}[status]
                    self._send_error(status, kind, "injected fault")
                    return
                route = self.path.split("?")[0].rstrip("/")
                if route.endswith("/chat/completions"):
                    payload = server._openai_chat(body)
                elif route.endswith("/completions"):
                    payload = server._openai_completion(body)
                elif route.endswith("/messages"):
                    payload = server._anthropic_messages(body)
                else:
                    self._send_json(404, {"error": {"message": f"no route {self.path}"}})
                    return
                if isinstance(payload, tuple):  # (status, error payload)
                    self._send_json(*payload)
                    return
                self._send_json(200, payload, truncate=fault == "truncate")

            def _send_error(self, status: int, kind: str, message: str) -> None:
                if self.path.rstrip("/").endswith("/messages"):
                    payload = {"type": "error", "error": {"type": kind, "message": message}}
                else:
                    payload = {"error": {"message": message, "type": kind, "code": None}}
                headers = {"retry-after-ms": "10"} if status == 429 else {}
                self._send_json(status, payload, headers=headers)

            def _send_json(self, status: int, payload: dict[str, Any], *,
                           truncate: bool = False, headers: Mapping[str, str] = {}) -> None:
                data = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                for name, value in headers.items():
                    self.send_header(name, value)
                self.end_headers()
                if truncate:  # promise the whole body, send half, hang up
                    self.wfile.write(data[: len(data) // 2])
                    self.wfile.flush()
                    self._close()
                    return
                self.wfile.write(data)
                self.wfile.flush()

            def _close(self) -> None:
                self.close_connection = True
                try:
                    self.connection.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

        return Handler

    def _rejects_temperature(self, body: Mapping[str, Any]) -> tuple[int, dict] | None:
        if body.get("model") in self.reject_temperature and "temperature" in body:
            return (400, {"error": {
                "message": "Unsupported parameter: 'temperature' is not supported with "
                           "this model.",
                "type": "invalid_request_error", "param": "temperature",
                "code": "unsupported_parameter"}})
        return None

    def _openai_chat(self, body: Mapping[str, Any]) -> dict[str, Any] | tuple[int, dict]:
        rejection = self._rejects_temperature(body)
        if rejection:
            return rejection
        messages = body.get("messages") or []
        prompt = "\n".join(_content_text(m.get("content")) for m in messages)
        text, thinking = self.reply_text(prompt)
        text, finish = _apply_stop(text, body.get("stop"))
        message: dict[str, Any] = {"role": "assistant", "content": text}
        if thinking:
            message["reasoning_content"] = thinking  # vLLM's reasoning-parser field
        return {
            "id": "chatcmpl-stub", "object": "chat.completion", "created": 0,
            "model": body.get("model", ""),
            "choices": [{"index": 0, "message": message, "finish_reason": finish}],
            "usage": _openai_usage(prompt, text + thinking),
        }

    def _openai_completion(self, body: Mapping[str, Any]) -> dict[str, Any] | tuple[int, dict]:
        rejection = self._rejects_temperature(body)
        if rejection:
            return rejection
        prompt = str(body.get("prompt") or "")
        text, thinking = self.reply_text(prompt)
        if thinking:
            text = f"<think>{thinking}</think>\n{text}"
        text, finish = _apply_stop(text, body.get("stop"))
        return {
            "id": "cmpl-stub", "object": "text_completion", "created": 0,
            "model": body.get("model", ""),
            "choices": [{"index": 0, "text": text, "logprobs": None, "finish_reason": finish}],
            "usage": _openai_usage(prompt, text),
        }

    def _anthropic_messages(self, body: Mapping[str, Any]) -> dict[str, Any] | tuple[int, dict]:
        thinking_requested = (body.get("thinking") or {}).get("type") == "enabled"
        if thinking_requested and "temperature" in body and body["temperature"] != 1:
            return (400, {"type": "error", "error": {
                "type": "invalid_request_error",
                "message": "temperature may only be set to 1 when thinking is enabled"}})
        messages = body.get("messages") or []
        prompt = "\n".join(_content_text(m.get("content")) for m in messages)
        text, thinking = self.reply_text(prompt, thinking_requested)
        text, finish = _apply_stop(text, body.get("stop_sequences"))
        content: list[dict[str, Any]] = []
        if thinking_requested and thinking:
            content.append({"type": "thinking", "thinking": thinking, "signature": "stub"})
        content.append({"type": "text", "text": text})
        return {
            "id": "msg_stub", "type": "message", "role": "assistant",
            "model": body.get("model", ""), "content": content,
            "stop_reason": "stop_sequence" if finish == "stop" else "end_turn",
            "stop_sequence": None,
            "usage": {"input_tokens": _count_tokens(prompt),
                      "output_tokens": _count_tokens(text + thinking)},
        }


def _content_text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(part.get("text", "") for part in content if isinstance(part, dict))
    return ""


def _apply_stop(text: str, stop: Any) -> tuple[str, str]:
    stops = [stop] if isinstance(stop, str) else list(stop or [])
    cut = min((text.find(s) for s in stops if s and s in text), default=-1)
    return (text[:cut], "stop") if cut >= 0 else (text, "stop")


def _count_tokens(text: str) -> int:
    # The stub has no tokenizer; whitespace words are a stand-in for its usage numbers.
    return len(text.split())


def _openai_usage(prompt: str, completion: str) -> dict[str, int]:
    prompt_tokens, completion_tokens = _count_tokens(prompt), _count_tokens(completion)
    return {"prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens,
            "total_tokens": prompt_tokens + completion_tokens}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m vlp.lm.stub_server",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--recorded", type=Path, action="append", default=[],
                        help="a recorded-transcript file or folder (repeatable)")
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args(argv)
    server = StubServer(load_recorded(args.recorded), port=args.port).start()
    print(f"serving {len(server.transcripts)} recorded transcripts at {server.base_url}",
          flush=True)
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        server.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
