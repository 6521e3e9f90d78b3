"""vlp.sampler: top-down generation of problems with certified unique shortest proofs."""

from __future__ import annotations

from vlp.lazy import install

_EXPORTS = {
    "CertificationError": ".certify",
    "certify": ".certify",
    "overlap_failures": ".certify",
    "recheck": ".certify",
    "CONNECTIONS": ".config",
    "OVERLAPS": ".config",
    "QUERY_KINDS": ".config",
    "SETTINGS": ".config",
    "SamplerConfig": ".config",
    "derive_seed": ".config",
    "Job": ".dataset",
    "paper_jobs": ".dataset",
    "read_problems": ".dataset",
    "shard": ".dataset",
    "single_jobs": ".dataset",
    "write_dataset": ".dataset",
    "Counters": ".generate",
    "ProblemBuilder": ".generate",
    "SelfCheckError": ".generate",
    "Spec": ".generate",
    "generate_problem": ".generate",
    "AxiomRecord": ".problem",
    "Certificate": ".problem",
    "Problem": ".problem",
}

__all__ = sorted(_EXPORTS)

install(__name__, _EXPORTS)
