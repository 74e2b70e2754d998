"""PEP 517 backend for pyproject.toml: configures the project's CMake for the Python module alone,
builds it and packs <build>/python/spare_studio/ into a wheel (PEP 427). Needs cmake, a C++20
compiler, pybind11 and the engine's libraries (scripts/debian-packages.txt); downloads nothing.

config_settings: "build-dir" (default build/wheel under the source tree), "jobs" (default: CPU count),
"cmake-args" (more configure arguments, split like a shell line, e.g. "-DSPARE_WITH_CUDA=OFF").
"""

import base64
import hashlib
import io
import os
import pathlib
import re
import shlex
import subprocess
import sys
import sysconfig
import tarfile
import zipfile

SOURCE_DIR = pathlib.Path(__file__).resolve().parents[2]
DISTRIBUTION = "spare_studio"
SDIST_PATHS = ["CMakeLists.txt", "CMakePresets.json", "pyproject.toml", "README.md", "engine", "app", "python",
               "docs/python.md"]


def _project_field(name):
    text = (SOURCE_DIR / "pyproject.toml").read_text()
    project = text.split("[project]", 1)[1].split("\n[", 1)[0]
    return re.search(rf'^{name}\s*=\s*"([^"]*)"', project, re.MULTILINE).group(1)


def _version():
    """The project's one version: CMakeLists.txt's project(... VERSION x.y.z)."""
    text = (SOURCE_DIR / "CMakeLists.txt").read_text()
    return re.search(r"^project\(\S+ VERSION ([0-9.]+)", text, re.MULTILINE).group(1)


def _wheel_tag():
    interpreter = f"cp{sys.version_info.major}{sys.version_info.minor}"
    platform = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    return f"{interpreter}-{interpreter}{sys.abiflags}-{platform}"


def _metadata():
    return (f"Metadata-Version: 2.1\nName: spare-studio\nVersion: {_version()}\n"
            f"Summary: {_project_field('description')}\nRequires-Python: >=3.9\n"
            "Provides-Extra: frames\nRequires-Dist: numpy; extra == \"frames\"\n"
            "Requires-Dist: pandas; extra == \"frames\"\n")


def _build_module(config_settings):
    settings = config_settings or {}
    build_dir = pathlib.Path(settings.get("build-dir", SOURCE_DIR / "build" / "wheel")).resolve()
    jobs = str(settings.get("jobs", os.cpu_count() or 1))
    subprocess.run(["cmake", "-S", str(SOURCE_DIR), "-B", str(build_dir), "-DCMAKE_BUILD_TYPE=Release",
                    "-DSPARE_BUILD_UI=OFF", "-DSPARE_BUILD_TESTS=OFF", "-DSPARE_BUILD_BENCH=OFF",
                    "-DSPARE_BUILD_PYTHON=ON", f"-DPython3_EXECUTABLE={sys.executable}",
                    *shlex.split(settings.get("cmake-args", ""))], check=True)
    subprocess.run(["cmake", "--build", str(build_dir), "--target", "spare_studio_python", "-j", jobs], check=True)
    return build_dir / "python" / DISTRIBUTION


def _record_line(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    dist_info = pathlib.Path(metadata_directory) / f"{DISTRIBUTION}-{_version()}.dist-info"
    dist_info.mkdir(parents=True, exist_ok=True)
    (dist_info / "METADATA").write_text(_metadata())
    return dist_info.name


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    package = _build_module(config_settings)
    version = _version()
    tag = _wheel_tag()
    dist_info = f"{DISTRIBUTION}-{version}.dist-info"
    files = {}
    for path in sorted(package.iterdir()):
        if path.is_file() and (path.suffix == ".py" or path.name.startswith("_core.")):
            files[f"{DISTRIBUTION}/{path.name}"] = path.read_bytes()
    files[f"{dist_info}/METADATA"] = _metadata().encode()
    files[f"{dist_info}/WHEEL"] = (f"Wheel-Version: 1.0\nGenerator: spare_build_backend\nRoot-Is-Purelib: false\n"
                                   f"Tag: {tag}\n").encode()
    record = [_record_line(name, data) for name, data in files.items()] + [f"{dist_info}/RECORD,,"]
    files[f"{dist_info}/RECORD"] = ("\n".join(record) + "\n").encode()
    wheel_name = f"{DISTRIBUTION}-{version}-{tag}.whl"
    with zipfile.ZipFile(pathlib.Path(wheel_directory) / wheel_name, "w", zipfile.ZIP_DEFLATED) as wheel:
        for name, data in files.items():
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.external_attr = (0o755 if name.endswith(".so") else 0o644) << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            wheel.writestr(info, data)
    return wheel_name


def build_sdist(sdist_directory, config_settings=None):
    base = f"{DISTRIBUTION}-{_version()}"
    name = f"{base}.tar.gz"

    def skip_build_outputs(info):
        return None if "/__pycache__" in info.name else info

    with tarfile.open(pathlib.Path(sdist_directory) / name, "w:gz") as sdist:
        for relative in SDIST_PATHS:
            sdist.add(SOURCE_DIR / relative, arcname=f"{base}/{relative}", filter=skip_build_outputs)
        pkg_info = tarfile.TarInfo(f"{base}/PKG-INFO")
        data = _metadata().encode()
        pkg_info.size = len(data)
        sdist.addfile(pkg_info, io.BytesIO(data))
    return name
