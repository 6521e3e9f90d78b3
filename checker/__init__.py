"""vlp.checker: forward chaining, shortest proofs, program files (and transcript checks)."""

from __future__ import annotations

from vlp.lazy import install

_EXPORTS = {
    "STRATEGIES": ".chaining",
    "Chart": ".chaining",
    "Hyperedge": ".chaining",
    "NumericalInconsistencyError": ".chaining",
    "forward_chain": ".chaining",
    "last_time": ".chaining",
    "overlap_priority": ".chaining",
    "union_targets": ".chaining",
    "ProgramFile": ".programfile",
    "load_program": ".programfile",
    "parse_program_json": ".programfile",
    "NoProofError": ".shortest",
    "ShortestProof": ".shortest",
    "Solution": ".shortest",
    "goal_of": ".shortest",
    "shortest_proof": ".shortest",
    "solve": ".shortest",
    "Metrics": ".metrics",
    "Report": ".report",
    "render_report": ".report",
    "Status": ".verdicts",
    "StepVerdict": ".verdicts",
    "ProblemSpec": ".verify",
    "problem_spec": ".verify",
    "verify": ".verify",
}

__all__ = sorted(_EXPORTS)

install(__name__, _EXPORTS)
