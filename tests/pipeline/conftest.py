import pytest


@pytest.fixture(scope="session")
def shim(tmp_path_factory):
    """The CUDA kernel source compiled as host C++ (skips only if there is no C++ compiler)."""
    from gpu_pipeline.backends import host_shim
    if host_shim.compiler() is None:
        pytest.skip("no C++ compiler for the host shim")
    return host_shim.HostShim(host_shim.build(tmp_path_factory.mktemp("shim")))


@pytest.fixture(scope="session")
def engine():
    """The exact engine; the pipeline's validation tests need it."""
    return pytest.importorskip("riskodds")

