"""vlp: verbalized logic programs — measure how efficiently language models reason.

The public API is loaded lazily so that ``import vlp`` (and every CLI start) stays cheap:

    >>> import vlp
    >>> report = vlp.verify(problem, transcript)   # doctest: +SKIP
"""

from __future__ import annotations

from vlp.lazy import install

__version__ = "0.1.0"

_EXPORTS: dict[str, str] = {
    "verify": "vlp.api",
    "verify_many": "vlp.api",
    "Verified": "vlp.api",
    "reward": "vlp.api",
    "problem_spec": "vlp.api",
    "ProblemSpec": "vlp.api",
    "Report": "vlp.api",
    "Status": "vlp.api",
    "StepVerdict": "vlp.api",
    "forward_chain": "vlp.checker",
    "shortest_proof": "vlp.checker",
    "solve": "vlp.checker",
    "load_program": "vlp.checker",
    "parse_problem": "vlp.grammar",
    "generate_problem": "vlp.sampler",
    "Problem": "vlp.sampler",
    "SamplerConfig": "vlp.sampler",
}

__all__ = sorted(_EXPORTS)

install(__name__, _EXPORTS)
