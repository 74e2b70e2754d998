#pragma once

#include <pybind11/pybind11.h>

namespace spare::python {

// Each adds its classes and functions to the _core module.
void bindScenario(pybind11::module_& module);
void bindSimulation(pybind11::module_& module);
void bindSweeps(pybind11::module_& module);
void bindStudies(pybind11::module_& module);
void bindLayouts(pybind11::module_& module);
void bindPlanning(pybind11::module_& module);
void bindCampaigns(pybind11::module_& module);

}  // namespace spare::python
