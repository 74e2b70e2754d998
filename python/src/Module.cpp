#include "python/src/Bindings.h"
#include "python/src/CancelToken.h"

#include "engine/base/InputError.h"
#include "engine/base/OutputFileError.h"

#include <pybind11/stl.h>

#include <string>
#include <new>
#include <stdexcept>

namespace py = pybind11;

namespace {

// A message as Python text, decoded leniently: one that quotes a file's invalid UTF-8 keeps its file,
// line and column. nullptr with MemoryError set when it cannot be made.
PyObject* decoded(const std::string& text)
{
    return PyUnicode_DecodeUTF8(text.data(), static_cast<Py_ssize_t>(text.size()), "backslashreplace");
}

py::object decodedText(const std::string& text)
{
    PyObject* object = decoded(text);
    if (object == nullptr)
        throw py::error_already_set();
    return py::reinterpret_steal<py::object>(object);
}

// Raises `type` (spare_studio.InputError) with the error's message and its issues as .issues.
void raiseInputError(PyObject* type, const spare::InputError& error)
{
    try {
        py::list issues;
        for (const spare::InputIssue& issue : error.issues()) {
            py::dict item;
            item["origin"] = decodedText(issue.origin);
            item["key"] = decodedText(issue.keyPath);
            item["value"] = decodedText(issue.value);
            item["problem"] = decodedText(issue.problem);
            issues.append(item);
        }
        py::object instance = py::reinterpret_borrow<py::object>(type)(decodedText(error.what()));
        instance.attr("issues") = issues;
        PyErr_SetObject(type, instance.ptr());
    } catch (py::error_already_set& e) {
        e.restore();  // MemoryError while building it
    }
}

}  // namespace

PYBIND11_MODULE(_core, module)
{
    using namespace spare::python;
    module.doc() = "The SPARe Studio engine, bound for Python (use the spare_studio package, not this module).";

    py::class_<CancelToken>(module, "CancelToken",
                            "Stops a running call from another thread: pass cancel=token, then token.cancel(). The "
                            "call raises spare_studio.Cancelled.")
        .def(py::init<>())
        .def("cancel", &CancelToken::cancel, "Asks every call holding this token to stop.")
        .def_property_readonly("cancelled", &CancelToken::cancelled);
    static py::exception<Cancelled> cancelled(module, "Cancelled", PyExc_Exception);
    // What a user got wrong is an InputError (a ValueError), as spare-cli exits 2 with the same message;
    // its .issues list every problem (origin, key, value, problem), so that no caller parses the text.
    static py::exception<spare::InputError> inputError(module, "InputError", PyExc_ValueError);
    inputError.doc() = "Bad input (a ValueError): str() lists the problems, one line each; .issues holds each "
                       "as a dict with origin, key, value and problem.";
    py::register_exception_translator([](std::exception_ptr error) {
        const auto raise = [](PyObject* type, const char* message) {
            PyObject* text = decoded(message);
            if (text == nullptr)
                return;  // MemoryError is set
            PyErr_SetObject(type, text);
            Py_DECREF(text);
        };
        try {
            if (error)
                std::rethrow_exception(error);
        } catch (const spare::InputError& e) {
            raiseInputError(inputError.ptr(), e);
        } catch (const spare::OutputFileError& e) {
            raise(PyExc_OSError, e.what());
        } catch (const Cancelled& e) {
            raise(cancelled.ptr(), e.what());
        } catch (const py::builtin_exception&) {
            throw;  // pybind11's own, with their Python types
        } catch (const std::bad_alloc&) {
            throw;
        } catch (const std::logic_error& e) {
            raise(PyExc_RuntimeError, e.what());
        } catch (const std::runtime_error& e) {
            raise(PyExc_RuntimeError, e.what());
        }
    });

    bindScenario(module);
    bindSimulation(module);
    bindSweeps(module);
    bindStudies(module);
    bindLayouts(module);
    bindPlanning(module);
    bindCampaigns(module);
}
