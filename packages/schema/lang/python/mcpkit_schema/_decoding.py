"""The checks every generated ``from_dict`` and ``to_dict`` runs (hand-written; the generated modules
import them instead of quicktype's ``assert``-based helpers).

Every check raises :class:`DecodeError` naming the JSON Pointer of the member it refuses, and none is
an ``assert``: ``python -O`` decodes exactly what ``python`` decodes.
"""

import json
from enum import Enum
from typing import Any, Callable, Dict, List, Optional, Sequence, Type, TypeVar, Union, cast

T = TypeVar("T")
EnumT = TypeVar("EnumT", bound=Enum)

__all__ = ["DecodeError"]


class DecodeError(ValueError):
    """A value the schema refuses: ``path`` holds the member names and array indexes leading to it
    (``pointer`` as a JSON Pointer), ``message`` says what was expected and what came."""

    def __init__(self, message: str, path: Sequence[Union[str, int]] = (), expected: str = "") -> None:
        self.message = message
        self.path = tuple(path)
        self.expected = expected
        super().__init__(message, self.path)

    @property
    def pointer(self) -> str:
        """The JSON Pointer (RFC 6901) of the refused member; ``""`` for the value itself."""
        return "".join("/" + str(part).replace("~", "~0").replace("/", "~1") for part in self.path)

    def within(self, part: Union[str, int]) -> "DecodeError":
        """The same error, seen from the object or array holding the member ``part``."""
        return DecodeError(self.message, (part,) + self.path, self.expected)

    def __str__(self) -> str:
        return "%s: %s" % (self.pointer, self.message) if self.path else self.message


def _describe(value: Any) -> str:
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "an array"
    text = json.dumps(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _refuse(expected: str, value: Any) -> DecodeError:
    return DecodeError("expected %s, got %s" % (expected, _describe(value)), (), expected)


def _apply(f: Callable[[Any], T], value: Any) -> T:
    """``f(value)``; an Enum class as ``f`` refuses a value it does not list with a DecodeError."""
    if isinstance(f, type) and issubclass(f, Enum):
        try:
            return f(value)
        except ValueError:
            raise _refuse("one of " + ", ".join(json.dumps(m.value) for m in f), value) from None
    return f(value)


def expect_object(obj: Any) -> Dict[str, Any]:
    """``obj`` itself when it is a JSON object."""
    if not isinstance(obj, dict):
        raise _refuse("an object", obj)
    return obj


def required(obj: Dict[str, Any], key: str, f: Callable[[Any], T]) -> T:
    """The member ``key`` of ``obj`` decoded with ``f``; refused when absent."""
    if key not in obj:
        raise DecodeError("required member is missing", (key,), "a member")
    try:
        return _apply(f, obj[key])
    except DecodeError as error:
        raise error.within(key) from None


def optional(obj: Dict[str, Any], key: str, f: Callable[[Any], T]) -> Optional[T]:
    """The member ``key`` of ``obj`` decoded with ``f``, or None when absent. An explicit ``null``
    goes to ``f`` too, which refuses it unless the schema allows it."""
    if key not in obj:
        return None
    try:
        return _apply(f, obj[key])
    except DecodeError as error:
        raise error.within(key) from None


def from_none(x: Any) -> Any:
    if x is not None:
        raise _refuse("null", x)
    return x


def from_str(x: Any) -> str:
    if not isinstance(x, str):
        raise _refuse("a string", x)
    return x


def from_bool(x: Any) -> bool:
    if not isinstance(x, bool):
        raise _refuse("a boolean", x)
    return x


def from_int(x: Any) -> int:
    # JSON Schema's integer is a number without a fractional part: 5.0 is one.
    if isinstance(x, float) and x.is_integer():
        return int(x)
    if isinstance(x, bool) or not isinstance(x, int):
        raise _refuse("an integer", x)
    return x


def from_float(x: Any) -> float:
    # An int stays an int: its digits are written back exactly.
    if isinstance(x, bool) or not isinstance(x, (float, int)):
        raise _refuse("a number", x)
    return x


def from_list(f: Callable[[Any], T], x: Any) -> List[T]:
    if not isinstance(x, list):
        raise _refuse("an array", x)
    items = []
    for index, item in enumerate(x):
        try:
            items.append(_apply(f, item))
        except DecodeError as error:
            raise error.within(index) from None
    return items


def from_dict(f: Callable[[Any], T], x: Any) -> Dict[str, T]:
    if not isinstance(x, dict):
        raise _refuse("an object", x)
    members = {}
    for key, value in x.items():
        try:
            members[key] = _apply(f, value)
        except DecodeError as error:
            raise error.within(key) from None
    return members


def from_union(fs: Sequence[Callable[[Any], Any]], x: Any) -> Any:
    """The first alternative that accepts ``x``. When none does: the refusal that reached deepest
    into ``x`` (it names the member at fault), or else one listing what each alternative expected."""
    errors = []
    for f in fs:
        try:
            return _apply(f, x)
        except DecodeError as error:
            errors.append(error)
    deepest = max(errors, key=lambda e: len(e.path), default=None)
    if deepest is not None and deepest.path:
        raise deepest
    expected = " or ".join(dict.fromkeys(e.expected for e in errors if e.expected))
    raise _refuse(expected or "another value", x)


def to_enum(c: Type[EnumT], x: Any) -> Any:
    if not isinstance(x, c):
        raise _refuse("a " + c.__name__, x)
    return x.value


def to_float(x: Any) -> float:
    if isinstance(x, bool) or not isinstance(x, (int, float)):
        raise _refuse("a number", x)
    return x


def to_class(c: Type[Any], x: Any) -> dict:
    if not isinstance(x, c):
        raise _refuse("a " + c.__name__, x)
    return cast(Any, x).to_dict()


def unknown_members(obj: Dict[str, Any], known: tuple) -> Dict[str, Any]:
    """Members a class does not declare, and declared free-form ones sent as null (kept to be written back)."""
    return {k: v for k, v in obj.items() if k not in known or v is None}


def with_unknown_members(result: Dict[str, Any], members: Dict[str, Any]) -> Dict[str, Any]:
    """``result`` with the kept members that no declared field wrote."""
    for k, v in members.items():
        if k not in result:
            result[k] = v
    return result
