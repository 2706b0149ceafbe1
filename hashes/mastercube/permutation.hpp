// The layers and rounds of the portable MasterCube primitive (§§3-7), one
// function each so the intermediate values of §12 can be checked.
#pragma once

#include "mastercube/mastercube.hpp"

namespace ngcc::mastercube::layers {

void cross_mix(State &s);          // CM  §4.1 (involution)
void swap_rows(State &s);          // SR  §4.2 (involution)
void mandrx(State &s);             // MAndRX §4.3
void mandrx_inverse(State &s);     // MAndRX^-1 §4.3
void mix_columns(State &s);        // MC  §4.4 (M1 upper, M2 lower)
void shift_rows(State &s);         // SHR §4.5
void shift_rows_inverse(State &s); // SHR^-1 §4.5
void mix_rows(State &s);           // MR  §4.6 (involution)
void add_constant(State &s, unsigned k);  // AC(k) §4.7
void half_exchange(State &s);      // HX  §6

void forward_round(State &s, unsigned k);  // R_k  §5
void inverse_round(State &s, unsigned k);  // IR_k §6, as implemented
void cube_f(State &s);                     // §7

}  // namespace ngcc::mastercube::layers
