// Coordinates of the 5 x 5 lane states (AFS-TrEDM, Laurus, Thunder): lane
// (x, y) is word x + 5y; coordinates are taken mod 5.
#pragma once

namespace ngcc {

constexpr int mod5(int v) { return ((v % 5) + 5) % 5; }
constexpr int lane(int x, int y) { return mod5(x) + 5 * mod5(y); }

}  // namespace ngcc
