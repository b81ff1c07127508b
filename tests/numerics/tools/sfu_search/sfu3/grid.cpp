#include "h_common.hpp"
#include <functional>
#include <array>
using LD=long double; using Fn=std::function<LD(LD)>; struct Quad{LD c0,c1,c2;};
#include "remez.inc"
struct T{std::vector<int64_t> c0,c1,c2; QuadGrid g;};
static std::vector<Quad> fits(Fn f,int m,LD first,LD width){ std::vector<Quad> v; int n=1<<m; LD h=width/n; for(int i=0;i<n;i++) v.push_back(remez(f,first+i*h,h)); return v;}
static T mk(const std::vector<Quad>& F,LD width,QuadGrid g){ T t; t.g=g; for(auto&q:F){ t.c0.push_back((int64_t)truncl(ldexpl(q.c0,g.c0_frac))); t.c1.push_back((int64_t)truncl(ldexpl(q.c1*width,g.c1_frac))); t.c2.push_back((int64_t)truncl(ldexpl(q.c2*width*width,g.c2_frac)));} return t;}
static i128 evc(const T& t,int idx,uint32_t f){ int64_t xl=f&0xffff; const auto&g=t.g;
  return ((i128)t.c0[idx]<<(KS-g.c0_frac)) + (((i128)t.c1[idx]*xl)<<(KS-g.c1_frac-23)) + (((i128)t.c2[idx]*xl*xl)<<(KS-g.c2_frac-46));}
int main(){ auto rows=load();
  auto FR=fits([](LD x){return 1/x;},7,1,1); auto F1=fits([](LD x){return 1/sqrtl(x);},7,1,1), F2=fits([](LD x){return 1/sqrtl(x);},7,2,2);
  T R0=mk(FR,1,kRcpGrid), S10=mk(F1,1,kRsqGrid), S20=mk(F2,2,kRsqGrid);
  auto run=[&](const T& R,const T& S1,const T& S2){ int c=0; for(auto&r:rows){ int e=(int)((r.s>>23)&255)-127; int odd=e&1; uint32_t f=r.s&0x7fffff;
    uint32_t q=packv(evc(odd?S2:S1,f>>16,f),-KS-((e-odd)/2),2); int eq=(int)((q>>23)&255)-127; uint32_t qf=q&0x7fffff; c+= packv(evc(R,qf>>16,qf),-KS-eq,2)==r.g;} return c;};
  printf("base %d\n",run(R0,S10,S20));
  for(int k0=25;k0<=30;k0++) for(int k1=15;k1<=18;k1++) for(int k2=9;k2<=12;k2++){ QuadGrid g{k0,k1,k2};
    T R=mk(FR,1,g), S1=mk(F1,1,g), S2=mk(F2,2,g); int a=run(R,S10,S20), b=run(R0,S1,S2), c=run(R,S1,S2);
    if(a>985||b>985||c>985) printf("grid %d %d %d: rcp-only %d rsq-only %d both %d\n",k0,k1,k2,a,b,c);}
}
