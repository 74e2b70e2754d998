#include "python/src/Bindings.h"
#include "python/src/CancelToken.h"

#include "engine/base/InputError.h"
#include "engine/base/OutputFileError.h"

#include <pybind11/stl.h>

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
    py::register_exception<Cancelled>(module, "Cancelled", PyExc_Exception);
    // What a user got wrong is a ValueError, as spare-cli exits 2 with the same message.
    py::register_exception_translator([](std::exception_ptr error) {
        try {
            if (error)
                std::rethrow_exception(error);
        } catch (const spare::InputError& e) {
            PyErr_SetString(PyExc_ValueError, e.what());
        } catch (const spare::OutputFileError& e) {
            PyErr_SetString(PyExc_OSError, e.what());
        }
    });

    bindScenario(module);
    bindSimulation(module);
    bindSweeps(module);
    bindLayouts(module);
    bindPlanning(module);
    bindCampaigns(module);
}
