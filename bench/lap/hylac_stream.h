#pragma once
// HyLAC's stream solver (the TLAP class of its Block-LAP branch, codebase/Block-LAP: one thread block per
// problem, n <= 512) called on a batch held in host memory, the way a program that uses it would call it.
// Kept apart from hylac_batch.cpp because HyLAC's headers define macros (eps, MAX_DATA) and globals that
// must meet no other code.

#include <cstdint>
#include <string>
#include <vector>

struct HylacStreamRun {
  std::vector<int32_t> rowToCol;  // count x n, problem after problem
  // TLAP::solve alone, by CUDA events: its slack initialisation (a device-to-device copy of the batch) and
  // its kernel launch up to the device synchronisation, the costs already on the device.
  double solveMs = 0;
};

// `costs`: count problems of n x n stacked row-major in host memory. T is HyLAC's one cost type `data`:
// int (int32), float or double; every dual, slack and its device objective are kept in T as well.
// Constructs a TLAP (HyLAC's allocation of its work arrays), uploads the costs into device buffers kept
// between solves of one size (as MatchScope's pool keeps its block), solves, and downloads the outputs (row
// assignment, row and column duals, objectives) into page-locked memory: the whole of one batch solve, which
// the caller times. HyLAC exits the process on a CUDA error.
template <class T>
HylacStreamRun solveWithHylacStream(const T* costs, int32_t count, int32_t n);

// Creates the CUDA context (before any timer) and names the device.
std::string hylacDeviceName();
