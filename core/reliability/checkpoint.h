#pragma once

#include <optional>

namespace cplan::reliability {

// Checkpoint/restart of one job whose interruptions arrive as a Poisson process with mean time
// between interruptions M (seconds). delta = checkpoint write time, R = restart time (seconds).

// Young (1974), "A first order approximation to the optimum checkpoint interval": compute time
// between checkpoints tau = sqrt(2 delta M).
double youngInterval(double deltaS, double mtbiS);

// Daly (2006), "A higher order estimate of the optimum checkpoint interval for restart dumps"
// (Future Generation Computer Systems 22): tau = sqrt(2 delta M) [1 + (1/3) sqrt(delta/(2M)) + (1/9) delta/(2M)] - delta for
// delta < 2M, else M.
double dalyInterval(double deltaS, double mtbiS);

// Saxena, Hukerikar, Blaz, Raj (NVIDIA), "Optimal Checkpoint Interval with Availability as an
// Objective Function", arXiv:2410.18124 (2024): availability-optimal Tc = Ts + sqrt(2 (Tf + Tr)
// Ts + Ts^2), Ts the save time, Tf the mean time to failure, Tr the recovery time; as published.
double availabilityOptimalInterval(double deltaS, double mtbiS, double restartS);

// Share of wall-clock time that is useful training when checkpointing every tau seconds of
// compute: Daly's (2006) expected wall time for exponential interruptions,
//   T_wall / T_solve = M e^(R/M) (e^((tau + delta)/M) - 1) / tau,
// so goodput = tau / (M e^(R/M) (e^((tau + delta)/M) - 1)). 1 without interruptions.
double goodput(double tauS, double deltaS, double mtbiS, double restartS);

struct CheckpointPlan
{
    double writeS = 0;          // checkpoint size / storage bandwidth
    double restartS = 0;
    double youngS = 0, dalyS = 0, availabilityS = 0;
    double intervalS = 0;       // the one used: Daly's
    double goodput = 1;         // at intervalS
};

// The plan for a job: sizes in GB (1e9 bytes) and GB/s; nothing when an input is not positive
// or the job never fails (mtbi infinite: goodput is then the checkpoints' cost alone, unknown).
std::optional<CheckpointPlan> planCheckpoints(double checkpointGB, double storageGBps, double restartS, double mtbiS);

} // namespace cplan::reliability
