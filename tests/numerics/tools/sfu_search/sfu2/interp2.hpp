#pragma once
#include "interp.hpp"
// detailed evaluator: term truncation to 2^-P (P<=0 → exact), squarer truncation drop d bits, sum trunc
struct Det { int P1=0, P2=0, sqd=0, sumP=0; };
static inline i128 trunc_to(i128 v,int P){ if(P<=0) return v; int sh=KS-P; if(sh<=0) return v; i128 r = v>>sh; return r<<sh; } // floor
static inline i128 evalS2(const Tab& t,int64_t M,const Det& d){int L=23-t.m; int i=(int)(M>>L); int64_t xl=M&((1LL<<L)-1);
  i128 x2=(i128)xl*xl; if(d.sqd>0) x2=(x2>>d.sqd)<<d.sqd;
  i128 s= ((i128)t.c0[i]<<(KS-t.k0)) + trunc_to(((i128)t.c1[i]*xl)<<(KS-t.k1-23),d.P1) + trunc_to(((i128)t.c2[i]*x2)<<(KS-t.k2-46),d.P2);
  return trunc_to(s,d.sumP);}
static inline uint32_t rcp_d(const Tab& t,const Det& d,uint32_t q){int e=(int)((q>>23)&255)-127; int64_t M=q&0x7fffff; return packv(evalS2(t,M,d),-KS-e,t.om);}
static inline uint32_t rsq_d(const Tab& lo,const Tab& hi,const Det& d,uint32_t x){int e=(int)((x>>23)&255)-127; int64_t M=x&0x7fffff; int odd=e&1;
  return packv(evalS2(odd?hi:lo,M,d),-KS-((e-odd)/2),lo.om);}
