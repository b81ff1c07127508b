#pragma once
#include "common.hpp"
#include "../fit.hpp"
#include <map>
#include <tuple>
// generic quadratic interpolator table
struct Hyp { int m, meth, k0, k1, k2, qm, om; };
struct Tab { int m, k0,k1,k2, om; std::vector<int64_t> c0,c1,c2; };
struct FitCache { std::map<std::tuple<int,int,int,long double>, std::vector<Q>> mp;
  const std::vector<Q>& get(int fid,int m,int meth,const Fn&F,const Fn&D1,const Fn&D2,LD lo,LD width){
    auto key=std::make_tuple(fid,m,meth,lo); auto it=mp.find(key); if(it!=mp.end()) return it->second;
    std::vector<Q> v; int n=1<<m; LD h=width/n; for(int i=0;i<n;++i) v.push_back(fit(meth,F,D1,D2,lo+i*h,h,false));
    return mp[key]=v; } };
static inline int64_t qz(LD v,int k,int qm){LD x=ldexpl(v,k); return (int64_t)(qm==0?floorl(x):qm==1?truncl(x):qm==2?floorl(x+0.5L):ceill(x));}
static Tab mktab(const Hyp& h,const std::vector<Q>& fits,LD width){Tab t{h.m,h.k0,h.k1,h.k2,h.om,{},{},{}};
  for(auto&q:fits){t.c0.push_back(qz(q.c0,h.k0,h.qm)); t.c1.push_back(qz(q.c1*width,h.k1,h.qm)); t.c2.push_back(qz(q.c2*width*width,h.k2,h.qm));} return t;}
constexpr int KS=80;
// S * 2^KS for mantissa fraction M (23 bits)
static inline i128 evalS(const Tab& t,int64_t M){int L=23-t.m; int i=(int)(M>>L); int64_t xl=M&((1LL<<L)-1);
  return ((i128)t.c0[i]<<(KS-t.k0)) + (((i128)t.c1[i]*xl)<<(KS-t.k1-23)) + (((i128)t.c2[i]*xl*xl)<<(KS-t.k2-46));}
static inline uint32_t rcp_i(const Tab& t,uint32_t q){int e=(int)((q>>23)&255)-127; int64_t M=q&0x7fffff; return packv(evalS(t,M),-KS-e,t.om);}
static inline uint32_t rsq_i(const Tab& lo,const Tab& hi,uint32_t x){int e=(int)((x>>23)&255)-127; int64_t M=x&0x7fffff; int odd=e&1;
  return packv(evalS(odd?hi:lo,M),-KS-((e-odd)/2),lo.om);}
static Fn Rf=[](LD x){return 1/x;}, Rd1=[](LD x){return -1/(x*x);}, Rd2=[](LD x){return 2/(x*x*x);};
static Fn Sf=[](LD x){return 1/sqrtl(x);}, Sd1=[](LD x){return -0.5L/(x*sqrtl(x));}, Sd2=[](LD x){return 0.75L/(x*x*sqrtl(x));};
