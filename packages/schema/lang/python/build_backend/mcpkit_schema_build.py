"""The PEP 517 build backend of mcpkit-schema: standard library only, so that ``pip install`` of the
source distribution needs nothing from a package index (``requires = []``), and ``pyproject.toml``
stays the one place the metadata is written.

It builds a pure-Python wheel (``py3-none-any``) of the ``mcpkit_schema`` package and a source
distribution holding everything needed to build that wheel again. Both are reproducible: entries
sorted, timestamps from ``SOURCE_DATE_EPOCH`` (else 1980-01-01), fixed permissions.
"""

import base64
import gzip
import hashlib
import io
import os
import re
import tarfile
import time
import zipfile
from typing import Any, Dict, List, Optional, Tuple

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGE = "mcpkit_schema"
#: What the source distribution holds besides the package (paths relative to ROOT).
SDIST_FILES = ["pyproject.toml", "README.md", "LICENSE", "build_backend/mcpkit_schema_build.py", "examples/readme.py"]


def _project() -> Dict[str, Any]:
    """The ``[project]`` table (and ``[project.urls]``) of pyproject.toml, as codegen writes it:
    ``key = "string"`` and ``key = ["string", ...]`` lines only (no TOML parser before Python 3.11)."""
    project: Dict[str, Any] = {}
    table = None
    with open(os.path.join(ROOT, "pyproject.toml"), encoding="utf-8") as file:
        for number, line in enumerate(file, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            header = re.match(r"^\[([\w.-]+)\]$", line)
            if header:
                table = header.group(1)
                continue
            if table not in ("project", "project.urls"):
                continue
            item = re.match(r'^([\w-]+|"[^"]+")\s*=\s*(.+)$', line)
            if not item:
                raise ValueError("pyproject.toml:%d: not a key = value line: %s" % (number, line))
            key, value = item.group(1).strip('"'), item.group(2)
            strings = re.findall(r'"((?:[^"\\]|\\.)*)"', value)
            if not (value.startswith("[") or (len(strings) == 1 and value == '"%s"' % strings[0])):
                raise ValueError("pyproject.toml:%d: only strings and arrays of strings are read: %s" % (number, line))
            if table == "project.urls":
                project.setdefault("urls", {})[key] = strings[0]
            else:
                project[key] = strings if value.startswith("[") else strings[0]
    for key in ("name", "version", "description", "readme", "license", "requires-python"):
        if not isinstance(project.get(key), str):
            raise ValueError("pyproject.toml: [project] needs %s as a string" % key)
    return project


def _distribution(project: Dict[str, Any]) -> str:
    """The distribution name as file names spell it (PEP 427/625): ``mcpkit_schema``."""
    return re.sub(r"[-_.]+", "_", str(project["name"])).lower()


def _metadata(project: Dict[str, Any]) -> str:
    """Core metadata 2.4 (PKG-INFO in the sdist, METADATA in the wheel)."""
    lines = [
        "Metadata-Version: 2.4",
        "Name: %s" % project["name"],
        "Version: %s" % project["version"],
        "Summary: %s" % project["description"],
        "License-Expression: %s" % project["license"],
    ]
    lines += ["License-File: %s" % name for name in project.get("license-files", ["LICENSE"])]
    lines.append("Requires-Python: %s" % project["requires-python"])
    lines += ["Classifier: %s" % value for value in project.get("classifiers", [])]
    lines += ["Project-URL: %s, %s" % item for item in project.get("urls", {}).items()]
    lines.append("Description-Content-Type: text/markdown")
    with open(os.path.join(ROOT, str(project["readme"])), encoding="utf-8") as file:
        readme = file.read()
    return "\n".join(lines) + "\n\n" + readme


def _epoch() -> int:
    """SOURCE_DATE_EPOCH, or 1980-01-01 (the earliest time a zip entry can carry)."""
    return max(int(os.environ.get("SOURCE_DATE_EPOCH", "315532800")), 315532800)


def _package_files() -> List[str]:
    """The files of the package (relative to ROOT, sorted): modules and py.typed, no caches."""
    found = []
    for folder, dirs, files in os.walk(os.path.join(ROOT, PACKAGE)):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in files:
            if name.endswith(".py") or name == "py.typed":
                found.append(os.path.relpath(os.path.join(folder, name), ROOT).replace(os.sep, "/"))
    return sorted(found)


def _read(path: str) -> bytes:
    with open(os.path.join(ROOT, path), "rb") as file:
        return file.read()


def _record_hash(data: bytes) -> str:
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode("ascii")


def _dist_info(project: Dict[str, Any]) -> Tuple[str, Dict[str, bytes]]:
    name = "%s-%s.dist-info" % (_distribution(project), project["version"])
    files = {
        name + "/METADATA": _metadata(project).encode("utf-8"),
        name + "/WHEEL": b"Wheel-Version: 1.0\nGenerator: mcpkit_schema_build\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
    }
    for license_file in project.get("license-files", ["LICENSE"]):
        files[name + "/licenses/" + license_file] = _read(license_file)
    return name, files


def _write_wheel(path: str, files: Dict[str, bytes], record_name: str) -> None:
    record = "".join("%s,%s,%d\n" % (name, _record_hash(data), len(data)) for name, data in sorted(files.items()))
    record += record_name + ",,\n"
    stamp = time.gmtime(_epoch())[:6]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in sorted(files.items()) + [(record_name, record.encode("utf-8"))]:
            info = zipfile.ZipInfo(name, date_time=stamp)
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, data)


def get_requires_for_build_wheel(config_settings: Optional[dict] = None) -> List[str]:
    return []


def get_requires_for_build_sdist(config_settings: Optional[dict] = None) -> List[str]:
    return []


def get_requires_for_build_editable(config_settings: Optional[dict] = None) -> List[str]:
    return []


def prepare_metadata_for_build_wheel(metadata_directory: str, config_settings: Optional[dict] = None) -> str:
    name, files = _dist_info(_project())
    for path, data in files.items():
        target = os.path.join(metadata_directory, path)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "wb") as file:
            file.write(data)
    return name


def build_wheel(wheel_directory: str, config_settings: Optional[dict] = None, metadata_directory: Optional[str] = None) -> str:
    """Writes ``mcpkit_schema-<version>-py3-none-any.whl`` into wheel_directory; returns its name."""
    project = _project()
    name, files = _dist_info(project)
    for path in _package_files():
        files[path] = _read(path)
    wheel = "%s-%s-py3-none-any.whl" % (_distribution(project), project["version"])
    _write_wheel(os.path.join(wheel_directory, wheel), files, name + "/RECORD")
    return wheel


def build_editable(wheel_directory: str, config_settings: Optional[dict] = None, metadata_directory: Optional[str] = None) -> str:
    """PEP 660: a wheel whose .pth file puts this folder on sys.path (``pip install -e``)."""
    project = _project()
    name, files = _dist_info(project)
    files["__editable__.%s.pth" % _distribution(project)] = (ROOT + "\n").encode("utf-8")
    wheel = "%s-%s-py3-none-any.whl" % (_distribution(project), project["version"])
    _write_wheel(os.path.join(wheel_directory, wheel), files, name + "/RECORD")
    return wheel


def build_sdist(sdist_directory: str, config_settings: Optional[dict] = None) -> str:
    """Writes ``mcpkit_schema-<version>.tar.gz`` into sdist_directory; returns its name."""
    project = _project()
    base = "%s-%s" % (_distribution(project), project["version"])
    members = {path: _read(path) for path in SDIST_FILES + _package_files()}
    members["PKG-INFO"] = _metadata(project).encode("utf-8")
    mtime = _epoch()
    sdist = base + ".tar.gz"
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w", format=tarfile.PAX_FORMAT) as archive:
        for path, data in sorted(members.items()):
            info = tarfile.TarInfo(base + "/" + path)
            info.size, info.mtime, info.mode = len(data), mtime, 0o644
            archive.addfile(info, io.BytesIO(data))
    with open(os.path.join(sdist_directory, sdist), "wb") as file:
        with gzip.GzipFile(filename="", mode="wb", fileobj=file, mtime=mtime) as compressed:
            compressed.write(buffer.getvalue())
    return sdist
