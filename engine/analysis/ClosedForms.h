#pragma once

#include <optional>

// Closed forms of docs/method.md, section 6. Times are in seconds; "failures" are group failures in a
// uniformly random order (every alive group equally likely to fail next).
namespace spare {

// c(k) = ceil(N / (N - k)): fewest stacks per step with which N - k survivors can cover N types.
// Requires 0 <= failed < groups.
int coverLowerBound(int groups, int failed);

// mu(N, r) ~ Gamma(1 + 1/r) N^(1 - 1/r): asymptotic mean number of failures masked before a wipe-out,
// assuming independent wipe-out events (the golomb layout).
double muAsymptotic(int groups, int redundancy);

// Exact mean number of failures endured before the first wipe-out for the consecutive layout (a wipe-out
// is r circularly consecutive failed groups): mu = E[T] - 1, T the index of the wipe-out failure.
// r = 1 gives 0, r = N gives N - 1. Computed as (N + 1) int_0^1 Q(p) dp - 1 (Q: survival when each group
// failed independently with probability p), adaptive Gauss-Legendre to ~1e-13 relative; O(N) per node, so
// ~0.2 s at N = 10^4 and ~3 s at N = 10^5. nullopt for N < 2 or r outside 1..N.
std::optional<double> muExactConsecutive(int groups, int redundancy);

// Exact mean number of failures endured before some contiguous replica set (group / r; the last set may
// be short) has all its groups failed (Rep+CKPT), by the same integral. nullopt for N < 2 or r outside 1..N.
std::optional<double> muExactReplicaSets(int groups, int redundancy);

// S_bar >= (1/floor(mu)) sum_{k=0}^{floor(mu)-1} c(k); 1 when floor(mu) = 0; floor(mu) is capped at N.
double sbarLowerBound(int groups, double mu);

// Availability with checkpoint period T, checkpoint write time Ts, restart time Tr and mean time M
// between unmasked failures: A(T) = (1 - Ts/T) / (1 + (T/2 + Tr)/M); Ts = 0 gives 1 / (1 + (T/2 + Tr)/M)
// also at T = 0. Finite for every scenario value in range.
double availability(double periodS, double checkpointWriteS, double restartS, double unmaskedMtbfS);
// T_c* = Ts + sqrt(Ts^2 + 2 Ts (M + Tr)), the maximiser of availability().
double optimalCheckpointPeriod(double checkpointWriteS, double restartS, double unmaskedMtbfS);
// A*(M) = A(T_c*).
double optimalAvailability(double checkpointWriteS, double restartS, double unmaskedMtbfS);

// The exact renewal optimum of a checkpoint period (Daly's period, to all orders): interruptions arrive
// at rate 1/M (exponential), a write takes w and an interruption during a segment or its write loses
// the segment. The work period tau solves x e^(x + w/M) = e^(x + w/M) - 1 with x = tau / M; it does not
// depend on the restart. M = 15 min, w = 5 min gives 9.17 min; 6 h, 56.7 min; 24 h, 116.7 min.
double renewalOptimalCheckpointPeriod(double writeS, double interruptionMtbfS);
// How a global restart treats failures inside it, for renewalEttr.
enum class RenewalRestart { Fixed, ExtendOnFailure };
// The exact effective training time ratio of checkpoint-and-restart under exponential interruptions
// (mean M): a segment of tau work plus its write w is lost whenever an interruption comes first; each
// interruption costs extraS (detection and the like) and a restart R, fixed (failures inside absorbed)
// or started over by a failure inside. ETTR = tau / E[time per kept segment], with
// E = (e^((tau + w)/M) - 1) (M + R + extra) for fixed and (e^((tau + w)/M) - 1) (M e^(R/M) + extra)
// for extend_on_failure.
double renewalEttr(double periodS, double writeS, double restartS, double extraS, double interruptionMtbfS,
                   RenewalRestart rule);

// J = S_bar / A*(mu m) for a layout's mean stack number and mean failures endured (exact or
// Monte-Carlo); m is the system MTBF. tttRatioModel evaluates it at the closed forms.
double tttRatio(double sbar, double mu, double systemMtbfS, double checkpointWriteS, double restartS);

// J(r) = S_bar(N, r) / A*(mu(N, r) m) with mu = muAsymptotic and S_bar = sbarLowerBound(N, mu);
// m is the system MTBF (all groups alive). A model of TTT/T0 for SPARe+CKPT, not a simulation.
double tttRatioModel(int groups, int redundancy, double systemMtbfS, double checkpointWriteS, double restartS);

// Rep+CKPT's model of TTT/T0 at replica-set size r: a step computes r stacks (r T_comp + T_a instead of
// T_comp + T_a) and a restart comes every mu_sets(N, r) m (muExactReplicaSets), at the optimal checkpoint
// period. nullopt where mu_sets is not defined (r outside 2..N) or zero.
std::optional<double> repTttRatioModel(int groups, int redundancy, double systemMtbfS, double checkpointWriteS,
                                       double restartS, double computeS, double allReduceS);
// The replica-set size in 2..min(N, maxRedundancy) that minimises repTttRatioModel (2 when none is defined).
int repBestRedundancy(int groups, int maxRedundancy, double systemMtbfS, double checkpointWriteS, double restartS,
                      double computeS, double allReduceS);

// r* = floor(log2 N + 0.833): the redundancy that puts mu near N/2 (8, 10, 10 for N = 200, 600, 1000).
int optimalRedundancy(int groups);

// A checkpoint period in training steps: the real-valued T_c* / step and its rounding (1 .. INT_MAX).
struct CheckpointSteps {
    double exact = 0.0;
    int rounded = 1;
};

// SPARe+CKPT: T_c* with M = min(mu_asymptotic, N/2) m, in steps of `stepS` (the doc: 2 T_comp + T_a).
CheckpointSteps spareCheckpointSteps(int groups, int redundancy, double systemMtbfS, double checkpointWriteS,
                                     double restartS, double stepS);
// Rep+CKPT: T_c* with M = muExactReplicaSets m, in steps of `stepS` (the doc: r T_comp + T_a).
std::optional<CheckpointSteps> repCheckpointSteps(int groups, int redundancy, double systemMtbfS,
                                                  double checkpointWriteS, double restartS, double stepS);

}  // namespace spare
