#include "python/src/Bindings.h"
#include "python/src/CancelToken.h"

#include "engine/base/InputError.h"
#include "engine/base/OutputFileError.h"

#include <pybind11/stl.h>

#include <cstring>
#include <new>
#include <stdexcept>

namespace py = pybind11;

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
    // What a user got wrong is a ValueError, as spare-cli exits 2 with the same message. Every message
    // is decoded leniently: one that quotes a file's invalid UTF-8 keeps its file, line and column.
    py::register_exception_translator([](std::exception_ptr error) {
        const auto raise = [](PyObject* type, const char* message) {
            PyObject* text = PyUnicode_DecodeUTF8(message, static_cast<Py_ssize_t>(std::strlen(message)),
                                                  "backslashreplace");
            if (text == nullptr)
                return;  // MemoryError is set
            PyErr_SetObject(type, text);
            Py_DECREF(text);
        };
        try {
            if (error)
                std::rethrow_exception(error);
        } catch (const spare::InputError& e) {
            raise(PyExc_ValueError, e.what());
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
