#pragma once
// One visitor of a std::variant from one lambda per alternative: std::visit(Overloaded{...}, v)
// fails to compile when an alternative has no lambda, so a new alternative is handled everywhere.

namespace clonebench {

template <typename... Lambdas>
struct Overloaded : Lambdas... {
  using Lambdas::operator()...;
};
template <typename... Lambdas>
Overloaded(Lambdas...) -> Overloaded<Lambdas...>;

}  // namespace clonebench
